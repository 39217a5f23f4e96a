import { requestSamples } from "./docs-samples";
import { DOCS_SCRIPT } from "./docs-script";
import { DOCS_CSS } from "./docs-style";
import { codeBlock, escapeHtml, htmlTable, renderInline, renderMarkdown, slug } from "./markdown";
import { SDK_PACKAGE_NAME, SDK_TARBALL_FILE, SDK_TARBALL_PATH } from "./sdk-package";
import type { JsonSchema, MediaTypeObject, OpenApiDocument, OperationObject, ParameterObject, Reference, ResponseObject, WebhookObject } from "./types";

// GET /partner/v1/docs: the reference as one self-contained HTML page (inline CSS and one
// small inline script, no third-party assets: the page must work offline and never make a
// reader's browser call anyone else), rendered from the OpenAPI document so it cannot drift
// from it. Every piece of text from the document goes through escapeHtml or the Markdown
// renderer. Without the script the page is complete: it adds tabs, copy buttons and search.

type Options = {
  /** Scheme and host the reader reached, for the base URL and the curl examples. */
  origin?: string;
};

const METHODS = ["get", "post", "patch"] as const;

type Resolved = { schema: JsonSchema; name?: string };

function resolveSchema(doc: OpenApiDocument, schema: JsonSchema): Resolved {
  const ref = schema.$ref;
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
    const name = ref.slice("#/components/schemas/".length);
    const target = doc.components.schemas[name];
    if (target) return { schema: target, name };
  }
  return { schema };
}

function resolveResponse(doc: OpenApiDocument, response: ResponseObject | Reference): ResponseObject & { override?: string } {
  if ("$ref" in response && typeof response.$ref === "string") {
    const name = response.$ref.slice("#/components/responses/".length);
    const target = doc.components.responses[name];
    return { ...target, override: response.description };
  }
  return response as ResponseObject;
}

/** Splits "X or null" unions into the non-null part and a nullable flag. */
function unwrapNullable(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  if (Array.isArray(schema.anyOf)) {
    const options = schema.anyOf as JsonSchema[];
    const rest = options.filter((option) => option.type !== "null");
    if (rest.length === 1 && rest.length < options.length) return { schema: { ...rest[0], description: schema.description ?? rest[0].description }, nullable: true };
  }
  if (Array.isArray(schema.type) && schema.type.includes("null")) {
    const types = (schema.type as string[]).filter((type) => type !== "null");
    return { schema: { ...schema, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  return { schema, nullable: false };
}

function typeLabel(doc: OpenApiDocument, raw: JsonSchema): string {
  const { schema, nullable } = unwrapNullable(raw);
  let label: string;
  if (typeof schema.$ref === "string") label = resolveSchema(doc, schema).name ?? "object";
  else if (schema.type === "array") label = `array of ${typeLabel(doc, (schema.items as JsonSchema) ?? {})}`;
  else if (typeof schema.format === "string" && ["uuid", "date-time", "email", "uri"].includes(schema.format)) label = schema.format;
  else if (typeof schema.type === "string") label = schema.type;
  else if (Array.isArray(schema.type)) label = schema.type.join(" or ");
  else label = "any";
  return nullable ? `${label} or null` : label;
}

function constraints(raw: JsonSchema): string[] {
  const { schema } = unwrapNullable(raw);
  const notes: string[] = [];
  if (Array.isArray(schema.enum)) notes.push(`One of ${schema.enum.map((value) => `\`${String(value)}\``).join(", ")}.`);
  if (schema.const !== undefined) notes.push(`Always \`${String(schema.const)}\`.`);
  const range = (min: unknown, max: unknown, unit: string) => {
    if (typeof min === "number" && typeof max === "number") notes.push(`${min} to ${max}${unit}.`);
    else if (typeof max === "number") notes.push(`At most ${max}${unit}.`);
    else if (typeof min === "number" && min > 0) notes.push(`At least ${min}${unit}.`);
  };
  range(schema.minLength, schema.maxLength, " characters");
  range(schema.minimum, schema.maximum, "");
  if (schema.default !== undefined) notes.push(`Default \`${JSON.stringify(schema.default)}\`.`);
  if (typeof schema.pattern === "string" && typeof schema.format !== "string") notes.push(`Pattern \`${schema.pattern}\`.`);
  return notes;
}

type FieldRow = { name: string; type: string; required: boolean; description: string };

/** The fields of an object schema, nested objects and arrays of objects flattened as a.b / a[].b. */
function fieldRows(doc: OpenApiDocument, raw: JsonSchema, prefix = "", depth = 0): FieldRow[] {
  const schema = resolveSchema(doc, unwrapNullable(raw).schema).schema;
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties || depth > 4) return [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).flatMap(([name, property]) => {
    const description = sentences([typeof property.description === "string" ? property.description : "", ...constraints(property)]);
    const row: FieldRow = { name: prefix + name, type: typeLabel(doc, property), required: required.has(name), description };
    const inner = unwrapNullable(property).schema;
    const nested =
      inner.type === "array" ? fieldRows(doc, (inner.items as JsonSchema) ?? {}, `${prefix}${name}[].`, depth + 1) : fieldRows(doc, inner, `${prefix}${name}.`, depth + 1);
    return [row, ...nested];
  });
}

function fieldsTable(rows: FieldRow[], requiredColumn: "Required" | "Always"): string {
  if (!rows.length) return '<p class="muted">No fields.</p>';
  return htmlTable(
    ["Field", "Type", requiredColumn, "Notes"],
    rows.map((row) => [
      `<code>${escapeHtml(row.name)}</code>`,
      escapeHtml(row.type),
      row.required ? (requiredColumn === "Required" ? "yes" : "✓") : requiredColumn === "Required" ? "no" : "",
      renderInline(row.description),
    ]),
    "stack",
  );
}

function parametersTable(doc: OpenApiDocument, parameters: ParameterObject[]): string {
  if (!parameters.length) return "";
  const rows = parameters.map((parameter) => [
    `<code>${escapeHtml(parameter.name)}</code>`,
    escapeHtml(parameter.in),
    escapeHtml(typeLabel(doc, parameter.schema)),
    parameter.required ? "yes" : "no",
    renderInline(sentences([parameter.description ?? "", ...constraints(parameter.schema)])),
  ]);
  return `<h4>Parameters</h4>${htmlTable(["Name", "In", "Type", "Required", "Notes"], rows, "stack")}`;
}

/** Joins description parts as sentences (the schema descriptions carry no final stop). */
function sentences(parts: string[]): string {
  return parts
    .filter(Boolean)
    .map((part) => (/[.!?)]$/.test(part.trim()) ? part.trim() : `${part.trim()}.`))
    .join(" ");
}

/** "{ data: Attendee }" and the resource's own field table, for the success envelope. */
function successBody(doc: OpenApiDocument, media: MediaTypeObject | undefined): string {
  if (!media) return "";
  const envelope = resolveSchema(doc, media.schema).schema;
  const properties = envelope.properties as Record<string, JsonSchema> | undefined;
  const data = properties?.data;
  if (!data) {
    return typeof media.schema.description === "string" ? `<p>${renderInline(media.schema.description)}</p>` : "";
  }
  const isList = data.type === "array";
  const item = isList ? ((data.items as JsonSchema) ?? {}) : data;
  const resource = resolveSchema(doc, item);
  const name = resource.name ?? "object";
  const shape = isList ? (properties?.meta ? `{ "data": [${name}, …], "meta": { "nextCursor": string or null } }` : `{ "data": [${name}, …] }`) : `{ "data": ${name} }`;
  return `<p>Body: <code>${escapeHtml(shape)}</code></p><h5>${escapeHtml(name)}</h5>${fieldsTable(fieldRows(doc, resource.schema), "Always")}`;
}

function requestBody(doc: OpenApiDocument, operation: OperationObject): string {
  const media = operation.requestBody?.content["application/json"];
  if (!media) return "";
  const resolved = resolveSchema(doc, media.schema);
  const description = typeof resolved.schema.description === "string" ? `<p>${renderInline(resolved.schema.description)}</p>` : "";
  return `<h4>Request body <span class="muted">(application/json)</span></h4>${description}${fieldsTable(fieldRows(doc, media.schema), "Required")}`;
}

/** The samples as tabs (the script drives them; without it they are stacked, each labelled). */
function samplesSection(path: string, method: string, operation: OperationObject, baseUrl: string): string {
  const id = escapeHtml(operation.operationId);
  const title = `${method.toUpperCase()} ${path}`;
  const samples = requestSamples(path, method, operation, baseUrl);
  const tabs = samples
    .map(
      ({ language, label }, index) =>
        `<button type="button" role="tab" id="${id}-tab-${language}" aria-controls="${id}-sample-${language}" aria-selected="${index === 0}" tabindex="${index === 0 ? 0 : -1}" data-language="${language}">${escapeHtml(label)}</button>`,
    )
    .join("");
  const panels = samples
    .map(
      ({ language, label, code }, index) =>
        `<div class="sample${index === 0 ? "" : " inactive"}" id="${id}-sample-${language}" role="tabpanel" aria-labelledby="${id}-tab-${language}" data-language="${language}"><p class="sample-label">${escapeHtml(label)}</p>${codeBlock(code, `${label} sample: ${title}`)}</div>`,
    )
    .join("\n");
  return `<h4>Request samples</h4><div class="samples"><div class="tablist" role="tablist" aria-label="${escapeHtml(`Sample language: ${title}`)}">${tabs}</div>\n${panels}</div>`;
}

/** The example body of a success answer, from the document's media `example`. */
function exampleBody(media: MediaTypeObject | undefined, title: string): string {
  if (media?.example === undefined) return "";
  const text = typeof media.example === "string" ? media.example : JSON.stringify(media.example, null, 2);
  return `<h5>Example response</h5>${codeBlock(text, `Example response: ${title}`)}`;
}

function responsesSection(doc: OpenApiDocument, operation: OperationObject, title: string): string {
  const entries = Object.entries(operation.responses) as [string, ResponseObject | Reference][];
  const success = entries.filter(([status]) => status.startsWith("2"));
  const failures = entries.filter(([status]) => !status.startsWith("2"));
  const successHtml = success
    .map(([status, raw]) => {
      const response = resolveResponse(doc, raw);
      const media = response.content?.["application/json"];
      const example = exampleBody(media ?? Object.values(response.content ?? {})[0], title);
      return `<h4>Response <span class="status ok">${escapeHtml(status)}</span></h4><p>${renderInline(response.description)}</p>${successBody(doc, media)}${example}`;
    })
    .join("");
  if (!failures.length) return successHtml;
  const failureRows = failures.map(([status, raw]) => {
    const response = resolveResponse(doc, raw);
    const text = response.override ?? response.description.split("\n")[0];
    return [`<span class="status err">${escapeHtml(status)}</span>`, renderInline(text)];
  });
  return `${successHtml}<h4>Errors</h4>${htmlTable(["Status", 'When (see <a href="#errors">Errors</a>)'], failureRows, "errors")}`;
}

function scopeBadge(operation: OperationObject): string {
  if (operation.security?.length === 0) return `<span class="scope public">public, no key</span>`;
  const scope = operation["x-required-scope"];
  return scope ? `<span class="scope">scope <code>${escapeHtml(scope)}</code></span>` : `<span class="scope">any valid key</span>`;
}

function operationSection(doc: OpenApiDocument, path: string, method: string, operation: OperationObject, baseUrl: string): string {
  const id = escapeHtml(operation.operationId);
  return `<article class="operation" id="${id}">
<h3><a class="anchor" href="#${id}"><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code class="path">${escapeHtml(path)}</code></a></h3>
<p class="summary"><strong>${escapeHtml(operation.summary)}</strong> ${scopeBadge(operation)} <span class="muted">operationId <code>${id}</code></span></p>
${renderMarkdown(operation.description)}
${parametersTable(doc, operation.parameters ?? [])}
${requestBody(doc, operation)}
${samplesSection(path, method, operation, baseUrl)}
${responsesSection(doc, operation, `${method.toUpperCase()} ${path}`)}
</article>`;
}

/** One article per webhook type: its body's fields (from the document's schema) and a sample. */
function webhookSection(doc: OpenApiDocument, type: string, webhook: WebhookObject): string {
  const id = escapeHtml(webhook.operationId);
  const media = webhook.requestBody?.content["application/json"];
  const body = media ? resolveSchema(doc, media.schema).schema : {};
  const data = (body.properties as Record<string, JsonSchema> | undefined)?.data ?? {};
  const dataName = resolveSchema(doc, data).name ?? "object";
  return `<article class="operation" id="${id}">
<h3><a class="anchor" href="#${id}"><span class="method post">POST</span> <code class="path">${escapeHtml(type)}</code></a></h3>
${renderMarkdown(webhook.description)}
<p>Body: <code>${escapeHtml(`{ "id": uuid, "type": "${type}", "createdAt": date-time, "data": ${dataName} }`)}</code></p>
<h4>${escapeHtml(dataName)}</h4>${fieldsTable(fieldRows(doc, data), "Always")}
<h4>Example body</h4>${codeBlock(JSON.stringify(media?.example ?? {}, null, 2), `Example body: ${type}`)}
</article>`;
}

function webhooksSection(doc: OpenApiDocument): string {
  const entries = Object.entries(doc.webhooks);
  if (!entries.length) return "";
  const tag = doc.tags.find((candidate) => candidate.name === "Webhooks");
  return `<section id="tag-webhooks"><h2>Webhook bodies</h2>${tag ? renderMarkdown(tag.description) : ""}
${entries.map(([type, item]) => webhookSection(doc, type, item.post)).join("\n")}
</section>`;
}

type Listed = { path: string; method: string; operation: OperationObject };

function operationsByTag(doc: OpenApiDocument): Map<string, Listed[]> {
  const groups = new Map<string, Listed[]>(doc.tags.map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags[0] ?? "Other";
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ path, method, operation });
    }
  }
  return groups;
}


/** How to install the typed SDK from this service, and its first lines. */
function sdkSection(origin: string): string {
  const quickStart = `import { PartnerClient } from "${SDK_PACKAGE_NAME}";

const client = new PartnerClient({ baseUrl: "${origin}/partner/v1", apiKey: process.env.PARTNER_API_KEY! });
const me = await client.me();
for await (const event of client.events.list()) console.log(event.name);`;
  return `<section id="sdk"><h2>TypeScript SDK</h2>
<p>A typed client for every operation on this page: paging as async iterators, typed errors, retries of 429 and 503, an <code>idempotencyKey</code> option on create, and webhook verification. No runtime dependencies; Node 20.19 or later. It is served by this service as an npm package (<a href="${escapeHtml(SDK_TARBALL_PATH)}" download>${escapeHtml(SDK_TARBALL_FILE)}</a>, with its README):</p>
${codeBlock(`npm install ${origin}${SDK_TARBALL_PATH}`, "Install the TypeScript SDK")}
${codeBlock(quickStart, "TypeScript SDK quick start")}
<p>Every operation below shows its SDK call in the TypeScript sample.</p>
</section>`;
}

/** The whole page. `origin` (e.g. https://api.example.com) makes the base URL absolute. */
export function renderDocsPage(doc: OpenApiDocument, options: Options = {}): string {
  const server = doc.servers[0]?.url ?? "";
  const baseUrl = `${options.origin ?? ""}${server}`;
  const groups = operationsByTag(doc);
  const tagDescriptions = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
  const guide = renderMarkdown(doc.info.description, { headingOffset: 0 });
  const guideHeadings = [...doc.info.description.matchAll(/^## (.+)$/gm)].map((match) => match[1]);

  const tocLists = `<div class="group">Guide</div><ul>${guideHeadings.map((heading) => `<li><a href="#${escapeHtml(slug(heading))}">${renderInline(heading)}</a></li>`).join("")}<li><a href="#sdk">TypeScript SDK</a></li></ul>
${[...groups]
  .filter(([, listed]) => listed.length)
  .map(
    ([tag, listed]) =>
      `<div class="group"><a href="#${escapeHtml(`tag-${slug(tag)}`)}">${escapeHtml(tag)}</a></div><ul>${listed
        .map(
          ({ method, path, operation }) =>
            `<li><a href="#${escapeHtml(operation.operationId)}"><span class="muted">${escapeHtml(method.toUpperCase())}</span> ${escapeHtml(path)}</a></li>`,
        )
        .join("")}</ul>`,
  )
  .join("\n")}
<div class="group"><a href="#tag-webhooks">Webhook bodies</a></div><ul>${Object.entries(doc.webhooks)
    .map(([type, item]) => `<li><a href="#${escapeHtml(item.post.operationId)}">${escapeHtml(type)}</a></li>`)
    .join("")}</ul>`;
  // Phones get the long contents list folded, so the page opens on content; wide screens
  // keep it as a sidebar. Two copies because only a script could fold one by width, and
  // the page must work without its script; the hidden copy is display:none.
  const toc = `<details class="toc-fold"><summary>Contents</summary><nav class="toc" aria-label="Contents">${tocLists}</nav></details>
<nav class="toc toc-side" aria-label="Contents">${tocLists}</nav>`;

  const operations = [...groups]
    .filter(([, listed]) => listed.length)
    .map(
      ([tag, listed]) =>
        `<section id="${escapeHtml(`tag-${slug(tag)}`)}"><h2>${escapeHtml(tag)}</h2>${tagDescriptions.get(tag) ? renderMarkdown(tagDescriptions.get(tag)!) : ""}
${listed.map(({ path, method, operation }) => operationSection(doc, path, method, operation, baseUrl)).join("\n")}
</section>`,
    )
    .join("\n");

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(doc.info.title)} reference (${escapeHtml(doc.info.version)})</title>
<style>${DOCS_CSS}</style>
<script>${DOCS_SCRIPT}</script>
</head>
<body>
<header class="top">
<h1>${escapeHtml(doc.info.title)}</h1>
<div class="muted top-links">Version ${escapeHtml(doc.info.version)} · <a href="${escapeHtml(`${baseUrl}/openapi.json`)}">OpenAPI 3.1 document</a> · <a href="#sdk">TypeScript SDK</a> · <a href="/console">Back to the console</a></div>
${doc.info.summary ? `<p>${renderInline(doc.info.summary)}</p>` : ""}
<div class="base">Base URL <code>${escapeHtml(baseUrl)}</code></div>
<div class="search" role="search" aria-label="Reference">
<label for="doc-search">Search the reference</label>
<input id="doc-search" type="search" autocomplete="off" spellcheck="false" placeholder="Search: attendees, cursor, 409… (press /)" aria-describedby="doc-search-status">
<p id="doc-search-status" class="muted search-status" role="status"></p>
<ul id="doc-search-results" class="search-results" aria-label="Search results"></ul>
</div>
</header>
<div class="layout">
${toc}
<main>
${guide}
${sdkSection(options.origin ?? "")}
${operations}
${webhooksSection(doc)}
</main>
</div>
<p id="copy-status" class="sr-only" role="status"></p>
</body>
</html>
`;
}
