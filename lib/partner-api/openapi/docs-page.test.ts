import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PartnerClient } from "@/lib/partner-sdk/src";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { buildOpenApiDocument } from "./document";
import { renderDocsPage } from "./docs-page";
import { requestSamples, SDK_CALLS } from "./docs-samples";
import { DOCS_SCRIPT } from "./docs-script";
import { SDK_TARBALL_PATH } from "./sdk-package";
import { renderInline, renderMarkdown } from "./markdown";
import { WEBHOOK_EVENT_TYPES } from "@/lib/domain/webhooks/event-types";
import { ERROR_CATALOGUE } from "./error-catalogue";
import { OPERATIONS } from "./operations";
import { publicOrigin } from "./public-origin";
import type { OpenApiDocument } from "./types";

// GET /partner/v1/docs: the HTML reference rendered from the OpenAPI document.

let server: RouteServer;
beforeAll(async () => {
  server = await startRouteServer();
});
afterAll(async () => server?.close());

describe("GET /partner/v1/docs", () => {
  it("serves one self-contained HTML page without a key", async () => {
    const response = await fetch(`${server.baseUrl}/partner/v1/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const policy = response.headers.get("content-security-policy")!;
    expect(policy).toContain("default-src 'none'");
    const html = await response.text();
    expect(html.startsWith("<!doctype html>")).toBe(true);
    // One inline script of its own, allowed by its hash and nothing else; nothing fetched
    // from elsewhere: the page works offline.
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html).toContain(`<script>${DOCS_SCRIPT}</script>`);
    const hash = createHash("sha256").update(DOCS_SCRIPT, "utf8").digest("base64");
    expect(policy).toContain(`script-src 'sha256-${hash}';`);
    expect(policy).not.toContain("unsafe-inline");
    expect(html).not.toMatch(/<link\b|<img\b|@import|url\(|<script\b[^>]*\bsrc=/i);
    // The base URL and examples name the host the reader reached.
    expect(html).toContain(`<code>${server.baseUrl}/partner/v1</code>`);
    expect(html).toContain(`curl -sS &quot;${server.baseUrl}/partner/v1/events/&lt;event_id&gt;/attendees&quot;`);
  });

  it("has an anchor, a link and the essentials for every operation", async () => {
    const html = await (await fetch(`${server.baseUrl}/partner/v1/docs`)).text();
    for (const operation of OPERATIONS) {
      expect(html).toContain(`id="${operation.operationId}"`);
      expect(html).toContain(`href="#${operation.operationId}"`);
      const article = new RegExp(`<article class="operation" id="${operation.operationId}">([\\s\\S]*?)</article>`).exec(html)?.[1];
      expect(article, operation.operationId).toBeDefined();
      expect(article).toContain(`<span class="method ${operation.method.toLowerCase()}">${operation.method}</span>`);
      expect(article).toContain(`<code class="path">${operation.path}</code>`);
      if (typeof operation.scope === "string" && operation.scope !== "public") expect(article).toContain(`scope <code>${operation.scope}</code>`);
      if (operation.query) for (const name of Object.keys(operation.query.shape)) expect(article).toContain(`<code>${name}</code>`);
      if (operation.body) expect(article).toContain("Request body");
      expect(article).toContain("<h4>Request samples</h4>");
      expect(article).toContain("<h5>Example response</h5>");
    }
  });

  it("has the guide: authentication, errors with every code and reason, pagination, rate limits, changelog", async () => {
    const html = await (await fetch(`${server.baseUrl}/partner/v1/docs`)).text();
    for (const id of ["base-url", "authentication", "errors", "pagination", "rate-limits", "versioning", "changelog"]) {
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain("<code>X-API-Key: &lt;API key&gt;</code>");
    for (const entry of buildOpenApiDocument().components["x-error-codes"]) {
      expect(html).toContain(`<code>${entry.code}</code>`);
      for (const reason of entry.reasons) if (reason.reason) expect(html).toContain(`<code>${reason.reason}</code>`);
    }
    expect(html.indexOf("<strong>2026-11-25</strong>")).toBeLessThan(html.indexOf("<strong>2026-09-10</strong>"));
    expect(html.indexOf("<strong>2026-09-10</strong>")).toBeLessThan(html.indexOf("<strong>2026-09-09</strong>"));
    expect(html).toMatch(/prefers-color-scheme:\s*dark/);
    expect(html).toContain('name="viewport"');
  });

  it("has one errors table with a row per code and details.reason of the catalogue, in its order", async () => {
    const html = await (await fetch(`${server.baseUrl}/partner/v1/docs`)).text();
    const section = html.slice(html.indexOf('id="errors"'), html.indexOf('id="pagination"'));
    const rows = [...section.matchAll(/<tr><td[^>]*>(\d{3})<\/td><td[^>]*><code>([A-Z_]+)<\/code><\/td><td[^>]*>(?:<code>([a-z_]+)<\/code>|\(none\))<\/td>/g)].map(
      (match) => `${match[1]} ${match[2]} ${match[3] ?? "-"}`,
    );
    const expected = ERROR_CATALOGUE.flatMap((entry) => entry.reasons.map((reason) => `${entry.status} ${entry.code} ${reason.reason ?? "-"}`));
    expect(rows).toEqual(expected);
    expect(expected).toContain("409 CONFLICT event_archived");
  });

  it("has the webhooks (types, signature with TypeScript and Python, retries), badge code and data source sections", async () => {
    const html = await (await fetch(`${server.baseUrl}/partner/v1/docs`)).text();
    for (const id of ["webhooks", "signature", "retries-and-auto-disable", "badge-codes", "data-sources", "tag-webhooks"]) {
      expect(html, id).toContain(`id="${id}"`);
    }
    expect(html).toContain("import { createHmac, timingSafeEqual } from &quot;node:crypto&quot;;");
    expect(html).toContain("def verify_webhook(raw_body: bytes");
    expect(html).toContain("16 h after attempt 6 failed");
    expect(html).toContain("23 h 36 min");
    expect(html).toContain("After 50 failed probes in a row");
    expect(html).toContain("<code>K7MQ2");
    const doc = buildOpenApiDocument();
    for (const type of WEBHOOK_EVENT_TYPES) {
      const operationId = doc.webhooks[type].post.operationId;
      const article = new RegExp(`<article class="operation" id="${operationId}">([\\s\\S]*?)</article>`).exec(html)?.[1];
      expect(article, type).toBeDefined();
      expect(article).toContain(`<code class="path">${type}</code>`);
      expect(article).toContain("Example body");
      expect(html).toContain(`href="#${operationId}"`);
    }
    // The attendee body table lists the projection's fields minus createdAt/updatedAt.
    const created = new RegExp(`id="${doc.webhooks["attendee.created"].post.operationId}">([\\s\\S]*?)</article>`).exec(html)![1];
    expect(created).toContain("<code>badgeCode</code>");
    expect(created).not.toContain("<code>createdAt</code>");
  });
});

describe("request samples and example responses", () => {
  const doc = buildOpenApiDocument();
  const base = "https://api.example.com/partner/v1";
  const documented = OPERATIONS.map((operation) => ({
    operation,
    object: doc.paths[operation.path][operation.method.toLowerCase() as "get" | "post" | "patch"]!,
  }));

  it("every operation has a curl, a TypeScript and a Python sample, each naming its path", () => {
    for (const { operation, object } of documented) {
      const samples = requestSamples(operation.path, operation.method.toLowerCase(), object, base);
      expect(samples.map((sample) => sample.language), operation.operationId).toEqual(["curl", "typescript", "python"]);
      const [curl, typescript, python] = samples.map((sample) => sample.code);
      const shownPath = operation.path.replace(/\{([^}]+)\}/g, (_m, name: string) => `<${name.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase()}>`);
      expect(curl).toContain(`"${base}${shownPath}"`);
      expect(python).toContain(`url = "${base}${shownPath}"`);
      expect(python).toContain("import requests");
      expect(typescript).toContain('from "@service/partner-sdk"');
      const keyed = operation.scope !== "public";
      expect(curl.includes("Authorization: Bearer $PARTNER_API_KEY"), operation.operationId).toBe(keyed);
      expect(python.includes("os.environ['PARTNER_API_KEY']"), operation.operationId).toBe(keyed);
      if (operation.body) {
        for (const field of Object.keys(operation.body.example)) {
          expect(curl).toContain(`"${field}"`);
          expect(typescript).toContain(`"${field}"`);
          expect(python).toContain(`"${field}"`);
        }
      }
    }
  });

  it("the TypeScript samples call SDK methods that exist, with one argument per path id", () => {
    const client = new PartnerClient({ baseUrl: base, apiKey: "svc_live_sample" });
    expect(Object.keys(SDK_CALLS).sort()).toEqual(OPERATIONS.map((operation) => operation.operationId).sort());
    for (const { operation, object } of documented) {
      const call = SDK_CALLS[operation.operationId as keyof typeof SDK_CALLS];
      const method = call.method.split(".").reduce<unknown>((target, name) => (target as Record<string, unknown>)?.[name], client);
      expect(typeof method, `${operation.operationId}: client.${call.method}`).toBe("function");
      for (const name of operation.path.match(/\{([^}]+)\}/g)?.map((match) => match.slice(1, -1)) ?? []) expect(call.args).toContain(name);
      const typescript = requestSamples(operation.path, operation.method.toLowerCase(), object, base)[1].code;
      expect(typescript).toContain(`client.${call.method}(`);
    }
  });

  it("the POST samples send an Idempotency-Key in all three languages", () => {
    const posts = documented.filter(({ operation }) => operation.method === "POST");
    expect(posts.length).toBeGreaterThan(0);
    for (const { operation, object } of posts) {
      const [curl, typescript, python] = requestSamples(operation.path, "post", object, base).map((sample) => sample.code);
      expect(curl).toContain('-H "Idempotency-Key: $(uuidgen)"');
      expect(typescript).toContain("{ idempotencyKey: randomUUID() }");
      expect(typescript).toContain('import { randomUUID } from "node:crypto";');
      expect(python).toContain('"Idempotency-Key": str(uuid.uuid4())');
    }
  });

  it("renders the samples as keyboard tabs, the example response of every operation, copy buttons on every code block, search and the links", () => {
    const html = renderDocsPage(doc, { origin: "https://api.example.com" });
    for (const { operation, object } of documented) {
      const article = new RegExp(`<article class="operation" id="${operation.operationId}">([\\s\\S]*?)</article>`).exec(html)![1];
      expect(article).toMatch(new RegExp(`<div class="tablist" role="tablist" aria-label="[^"]+"><button type="button" role="tab" id="${operation.operationId}-tab-curl" aria-controls="${operation.operationId}-sample-curl" aria-selected="true" tabindex="0"`));
      for (const language of ["typescript", "python"]) {
        expect(article).toContain(`id="${operation.operationId}-tab-${language}" aria-controls="${operation.operationId}-sample-${language}" aria-selected="false" tabindex="-1"`);
        expect(article).toContain(`<div class="sample inactive" id="${operation.operationId}-sample-${language}" role="tabpanel" aria-labelledby="${operation.operationId}-tab-${language}"`);
      }
      const response = Object.entries(object.responses).find(([status]) => status.startsWith("2"))![1] as { content: Record<string, { example: unknown }> };
      const example = Object.values(response.content)[0].example;
      const text = typeof example === "string" ? example : JSON.stringify(example, null, 2);
      expect(article, operation.operationId).toContain(`<h5>Example response</h5><div class="code"><button type="button" class="copy"`);
      expect(article).toContain(escapeForTest(text));
    }
    const blocks = html.match(/<pre\b/g)!.length;
    expect(html.match(/<div class="code"><button type="button" class="copy" aria-label="Copy: [^"]+">Copy<\/button><pre /g)).toHaveLength(blocks);
    expect(html).toContain('<input id="doc-search" type="search"');
    expect(html).toContain('<a href="/console">Back to the console</a>');
    expect(html).toContain(`npm install https://api.example.com${SDK_TARBALL_PATH}`);
    expect(html).toContain(`<a href="${SDK_TARBALL_PATH}" download>`);
  });

  it("headings step down one level at a time (h1, h2, h3, h4, h5)", () => {
    const html = renderDocsPage(doc);
    const levels = [...html.matchAll(/<h([1-6])\b/g)].map((match) => Number(match[1]));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1], `heading ${i}`).toBeLessThanOrEqual(1);
  });
});

function escapeForTest(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);
}

describe("escaping", () => {
  const attack = `<script>alert(1)</script> "><img src=x onerror=alert(2)> [x](javascript:alert(3)) \`<script>\``;

  function poisoned(): OpenApiDocument {
    const doc = structuredClone(buildOpenApiDocument());
    doc.info.title = attack;
    doc.info.description = `## ${attack}\n\n${attack}\n\n| a | b |\n| --- | --- |\n| ${attack} | x |\n\n- ${attack}\n\n\`\`\`\n${attack}\n\`\`\``;
    doc.tags[0].description = attack;
    const operation = doc.paths["/events/{eventId}/attendees"].post!;
    operation.summary = attack;
    operation.description = attack;
    operation.operationId = `x" onmouseover="alert(4)`;
    operation.parameters![0].description = attack;
    operation.requestBody!.content["application/json"].example = { email: `'; rm -rf / #${attack}` };
    (doc.components.schemas.Attendee.properties as Record<string, { description?: string }>).email.description = attack;
    doc.components.responses.NotFound.description = attack;
    return doc;
  }

  it("folds the contents on phones and makes every scrolling block reachable by keyboard", () => {
    const html = renderDocsPage(buildOpenApiDocument());
    // The folded copy comes first (phones); the sidebar copy is shown from 64rem only.
    expect(html).toMatch(/<details class="toc-fold"><summary>Contents<\/summary><nav class="toc" aria-label="Contents">/);
    expect(html).toContain('<nav class="toc toc-side" aria-label="Contents">');
    expect(html).not.toMatch(/<details class="toc-fold" open/);
    expect(html).toMatch(/nav\.toc-side\{display:none\}/);
    const blocks = [...html.matchAll(/<pre[^>]*>/g)].map((match) => match[0]);
    expect(blocks.length).toBeGreaterThan(10);
    for (const block of blocks) expect(block).toMatch(/^<pre tabindex="0" role="group" aria-label="[^"]+">$/);
    expect(html).toContain('aria-label="curl sample: GET /events"');
    const wraps = [...html.matchAll(/<div class="table-wrap"[^>]*>/g)].map((match) => match[0]);
    for (const wrap of wraps) expect(wrap).toMatch(/tabindex="0" role="group" aria-label="Table: [^"]+"/);
  });

  it("escapes every text that comes from the document", () => {
    const html = renderDocsPage(poisoned(), { origin: `https://evil.example"><script>` });
    // The page's own script is the only one.
    expect(html.replace(`<script>${DOCS_SCRIPT}</script>`, "")).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('href="javascript:');
    expect(html).not.toContain('" onmouseover="');
    // The text is shown, not dropped.
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;");
  });

  it("the Markdown subset renders what the prose uses and nothing else", () => {
    expect(renderInline("use `a<b>` and **bold** [docs](#errors) [x](https://example.com) [y](javascript:alert(1))")).toBe(
      'use <code>a&lt;b&gt;</code> and <strong>bold</strong> <a href="#errors">docs</a> <a href="https://example.com">x</a> [y](javascript:alert(1))',
    );
    const html = renderMarkdown("## Rate limits\n\nline one\nline two\n\n- a\n- b\n\n| h1 | h2 |\n| --- | --- |\n| `a\\|b` | c |");
    expect(html).toContain('<h2 id="rate-limits">Rate limits</h2>');
    expect(html).toContain("<p>line one line two</p>");
    expect(html).toContain("<ul><li>a</li><li>b</li></ul>");
    expect(html).toContain('<td data-label="h1"><code>a|b</code></td><td data-label="h2">c</td>');
  });
});

describe("the base URL shown", () => {
  const request = (headers: Record<string, string>) => new Request("http://localhost:3000/partner/v1/docs", { headers });

  it.each([
    [{}, "http://localhost:3000"],
    [{ host: "127.0.0.1:4000" }, "http://127.0.0.1:4000"],
    [{ host: "internal:3000", "x-forwarded-host": "api.example.com", "x-forwarded-proto": "https" }, "https://api.example.com"],
    [{ host: "[::1]:4000" }, "http://[::1]:4000"],
    [{ host: "evil.example\"><b>" }, "http://localhost:3000"],
    [{ "x-forwarded-host": "api.example.com", "x-forwarded-proto": "javascript" }, "http://localhost:3000"],
  ])("%j → %s", (headers, origin) => {
    expect(publicOrigin(request(headers))).toBe(origin);
  });
});
