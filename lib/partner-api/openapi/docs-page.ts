import { codeBlock, escapeHtml, htmlTable, renderInline, renderMarkdown, slug } from "./markdown";
import type { JsonSchema, MediaTypeObject, OpenApiDocument, OperationObject, ParameterObject, Reference, ResponseObject, WebhookObject } from "./types";

// GET /partner/v1/docs: the reference as one self-contained HTML page (inline CSS, no
// scripts, no third-party assets: the page must work offline and never make a reader's
// browser call anyone else), rendered from the OpenAPI document so it cannot drift from it.
// Every piece of text from the document goes through escapeHtml or the Markdown renderer.

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

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function curlExample(path: string, method: string, operation: OperationObject, baseUrl: string): string {
  const example = path.replace(/\{([^}]+)\}/g, (_match, name: string) => `<${name.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase()}>`);
  const lines = [`curl -sS${method === "get" ? "" : ` -X ${method.toUpperCase()}`} "${baseUrl}${example}"`];
  if (operation.security?.length !== 0) lines.push(`-H "Authorization: Bearer $PARTNER_API_KEY"`);
  const media = operation.requestBody?.content["application/json"];
  if (media) {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d ${shellQuote(JSON.stringify(media.example ?? {}))}`);
  }
  return `<h4>Example</h4>${codeBlock(lines.join(" \\\n  "), `Example request: ${method.toUpperCase()} ${path}`)}`;
}

function responsesSection(doc: OpenApiDocument, operation: OperationObject): string {
  const entries = Object.entries(operation.responses) as [string, ResponseObject | Reference][];
  const success = entries.filter(([status]) => status.startsWith("2"));
  const failures = entries.filter(([status]) => !status.startsWith("2"));
  const successHtml = success
    .map(([status, raw]) => {
      const response = resolveResponse(doc, raw);
      const media = response.content?.["application/json"];
      return `<h4>Response <span class="status ok">${escapeHtml(status)}</span></h4><p>${renderInline(response.description)}</p>${successBody(doc, media)}`;
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
${responsesSection(doc, operation)}
${curlExample(path, method, operation, baseUrl)}
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
<h5>${escapeHtml(dataName)}</h5>${fieldsTable(fieldRows(doc, data), "Always")}
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

const CSS = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1d2330;--muted:#5b6475;--line:#dde1e8;--soft:#f4f6f9;--code:#eef1f5;--link:#1a56c4;--get:#1f7a4d;--post:#1a56c4;--patch:#9a5b00;--ok:#1f7a4d;--err:#b3261e}
@media (prefers-color-scheme:dark){:root{--bg:#12151b;--fg:#e4e7ee;--muted:#9aa3b5;--line:#2c323d;--soft:#191d25;--code:#222834;--link:#8ab4ff;--get:#5fd49a;--post:#8ab4ff;--patch:#f0b45a;--ok:#5fd49a;--err:#ff8a80}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
a{color:var(--link)}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.88em}
code{background:var(--code);padding:.1em .3em;border-radius:4px;overflow-wrap:anywhere}
pre{background:var(--code);padding:.8rem 1rem;border-radius:8px;overflow-x:auto;line-height:1.45}
pre code{background:none;padding:0;overflow-wrap:normal;white-space:pre}
.layout{display:grid;grid-template-columns:minmax(0,1fr);max-width:78rem;margin:0 auto}
nav.toc{border-bottom:1px solid var(--line);padding:1rem 1.25rem;font-size:.92rem}
nav.toc ul{list-style:none;margin:.2rem 0 .8rem;padding:0}
nav.toc li{margin:.15rem 0}
nav.toc a{text-decoration:none;overflow-wrap:anywhere}
nav.toc .group{font-weight:600;margin-top:.6rem}
main{padding:1rem 1.25rem 4rem;min-width:0}
header.top{padding:1.5rem 1.25rem .5rem;max-width:78rem;margin:0 auto}
header.top h1{margin:0 0 .3rem;font-size:1.8rem}
.muted{color:var(--muted);font-size:.9em}
.base{display:inline-block;margin-top:.4rem}
h2{margin-top:2.5rem;padding-top:.5rem;border-top:1px solid var(--line)}
h3{margin:0 0 .4rem;font-size:1.15rem}
h4{margin:1.2rem 0 .4rem;font-size:1rem}
h5{margin:.8rem 0 .3rem;font-size:.95rem}
.operation{border:1px solid var(--line);border-radius:10px;padding:1rem 1.1rem;margin:1.25rem 0;background:var(--soft)}
.operation h3 a.anchor{color:inherit;text-decoration:none}
.operation h3 .path{background:none;padding:0;font-size:1rem}
.method{display:inline-block;min-width:3.6rem;text-align:center;font:700 .78rem/1.9 ui-monospace,Menlo,Consolas,monospace;border-radius:5px;color:#fff;padding:0 .4rem;vertical-align:middle}
.method.get{background:var(--get)}.method.post{background:var(--post)}.method.patch{background:var(--patch)}
@media (prefers-color-scheme:dark){.method{color:#12151b}}
.scope{display:inline-block;border:1px solid var(--line);border-radius:999px;padding:0 .55rem;font-size:.82rem;margin-left:.3rem}
.scope.public{border-style:dashed}
.status{font:700 .85rem ui-monospace,Menlo,Consolas,monospace}
.status.ok{color:var(--ok)}.status.err{color:var(--err)}
.table-wrap{overflow-x:auto;margin:.4rem 0 .8rem}
table{border-collapse:collapse;width:100%;font-size:.9rem;background:var(--bg)}
th,td{border:1px solid var(--line);padding:.35rem .55rem;text-align:left;vertical-align:top}
th{background:var(--code);font-weight:600}
td code{overflow-wrap:normal}
.toc-fold{border-bottom:1px solid var(--line);padding:.5rem 1.25rem;font-size:.95rem}
.toc-fold summary{cursor:pointer;font-weight:600;padding:.35rem 0}
.toc-fold nav.toc{border:0;padding:.3rem 0 0}
nav.toc-side{display:none}
:focus-visible{outline:2px solid var(--link);outline-offset:2px}
@media (min-width:64rem){.layout{grid-template-columns:16rem minmax(0,1fr)}.toc-fold{display:none}nav.toc-side{display:block;border-bottom:0;border-right:1px solid var(--line);position:sticky;top:0;align-self:start;max-height:100vh;overflow-y:auto}}
@media (max-width:40rem){table.stack thead{display:none}table.stack,table.stack tbody,table.stack tr,table.stack td{display:block;width:100%}table.stack tr{border:1px solid var(--line);border-radius:6px;margin:0 0 .5rem;padding:.25rem 0}table.stack td{border:0;padding:.15rem .6rem}table.stack td:empty{display:none}table.stack td:not(:first-child)::before{content:attr(data-label) ": ";font-weight:600;color:var(--muted)}}
@media (max-width:30rem){body{font-size:15px}main,.toc-fold,nav.toc-side,header.top{padding-left:.8rem;padding-right:.8rem}.operation{padding:.8rem .7rem}th,td{padding:.3rem .4rem}}
`;

/** The whole page. `origin` (e.g. https://api.example.com) makes the base URL absolute. */
export function renderDocsPage(doc: OpenApiDocument, options: Options = {}): string {
  const server = doc.servers[0]?.url ?? "";
  const baseUrl = `${options.origin ?? ""}${server}`;
  const groups = operationsByTag(doc);
  const tagDescriptions = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
  const guide = renderMarkdown(doc.info.description, { headingOffset: 0 });
  const guideHeadings = [...doc.info.description.matchAll(/^## (.+)$/gm)].map((match) => match[1]);

  const tocLists = `<div class="group">Guide</div><ul>${guideHeadings.map((heading) => `<li><a href="#${escapeHtml(slug(heading))}">${renderInline(heading)}</a></li>`).join("")}</ul>
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
  // the page has none (its CSP allows no script); the hidden copy is display:none.
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
<style>${CSS}</style>
</head>
<body>
<header class="top">
<h1>${escapeHtml(doc.info.title)}</h1>
<div class="muted">Version ${escapeHtml(doc.info.version)} · <a href="${escapeHtml(`${baseUrl}/openapi.json`)}">OpenAPI 3.1 document</a></div>
${doc.info.summary ? `<p>${renderInline(doc.info.summary)}</p>` : ""}
<div class="base">Base URL <code>${escapeHtml(baseUrl)}</code></div>
</header>
<div class="layout">
${toc}
<main>
${guide}
${operations}
${webhooksSection(doc)}
</main>
</div>
</body>
</html>
`;
}
