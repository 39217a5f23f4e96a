import { SCOPE_DESCRIPTIONS, SCOPES } from "@/lib/domain/keys/scopes";
import { MAX_BODY_BYTES } from "../request-body";
import { RATE_LIMIT_PER_MINUTE } from "../rate-limit";
import { CHANGELOG } from "./changelog";
import { ERROR_CATALOGUE } from "./error-catalogue";
import { badgeCodesMarkdown, dataSourcesMarkdown, webhooksMarkdown } from "./integration-guide";

// The prose of the reference (the document's info.description), written in the small
// Markdown subset that ./markdown.ts renders: ## headings, paragraphs, "- " lists, pipe
// tables, fenced code, and inline `code`, **bold** and [links](#anchor). Figures come from
// the modules that enforce them, so the text cannot drift from the behaviour.

const cell = (text: string) => text.replaceAll("|", "\\|");

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(" | ")} |`, `| ${head.map(() => "---").join(" | ")} |`, ...rows.map((row) => `| ${row.map(cell).join(" | ")} |`)].join(
    "\n",
  );
}

export function changelogMarkdown(): string {
  return CHANGELOG.map(
    (entry) => `**${entry.version}** (${entry.kind})\n\n${entry.changes.map((change) => `- ${change}`).join("\n")}`,
  ).join("\n\n");
}

export function errorsTableMarkdown(): string {
  const rows = ERROR_CATALOGUE.flatMap((entry) =>
    entry.reasons.map((reason) => [
      String(entry.status),
      `\`${entry.code}\``,
      reason.reason ? `\`${reason.reason}\`` : "(none)",
      reason.details ? `${reason.condition}. ${reason.details}` : reason.condition,
    ]),
  );
  return table(["Status", "code", "details.reason", "When"], rows);
}

export function guideMarkdown(): string {
  const scopes = table(
    ["Scope", "Unlocks"],
    SCOPES.map((scope) => [`\`${scope}\``, SCOPE_DESCRIPTIONS[scope]]),
  );
  return `A read-mostly REST API over one organization's events, programme, guest list and engagement records. A key belongs to one organization and reaches only that organization's data. Writes are limited to creating and updating attendees; only GET, POST and PATCH are used, and the API never sends email. There is no sandbox: a draft event in your own organization is the place to experiment.

## Base URL

Every path begins with \`/partner/v1\` on the service's host; the \`servers\` entry of this document is that path, relative to the address the document was fetched from. All bodies are JSON (UTF-8). Identifiers are UUIDs; timestamps are ISO-8601 UTC with milliseconds, ending in \`Z\`. Every response carries \`Cache-Control: private, no-store\` and an \`x-request-id\` header.

Methods: a path answers a method it does not take with 405 \`METHOD_NOT_ALLOWED\` in the error envelope and an \`Allow\` header listing the ones it does (checked before the key, so no rate limit is spent). \`OPTIONS\` on any path answers 204 with \`Allow\` and no body, without a key; there are no CORS headers, because the API is for servers and a key must never sit in a browser. \`HEAD\` is \`GET\` without the body: the same checks, status and headers. A path that does not exist answers 404 \`NOT_FOUND\` to every method. Request bodies (POST, PATCH) must be JSON in UTF-8 sent as \`Content-Type: application/json\` (a \`charset\` other than UTF-8, another media type, an empty body, invalid JSON or invalid UTF-8 is 400 \`INVALID_INPUT\` with the fault in \`details.issues\`), at most ${MAX_BODY_BYTES / 1024} KB (413 \`PAYLOAD_TOO_LARGE\`).

## Authentication

Every endpoint except \`/openapi.json\` and \`/docs\` needs an organization API key: \`svc_live_\` followed by 32 random characters, shown once when an organization admin creates it in the console. Send it as \`Authorization: Bearer <API key>\`; \`X-API-Key: <API key>\` is accepted as a secondary form, and when both are sent \`Authorization\` wins. Never put a key in a query string: it is not read there. Keys are not managed through the API. To rotate, create a second key, deploy it, watch the old key's last-used time, then revoke the old one.

A key carries one to four scopes, fixed at creation. \`GET /me\` needs none.

${scopes}

## Errors

Every failure is \`{ "error": { "code", "message", "details"?, "requestId" } }\` and never carries \`data\`; \`requestId\` equals the \`x-request-id\` header. Branch on \`code\` and \`details.reason\`, never on \`message\`, which changes without notice. Keyed requests are checked in this order, and the first failing check answers: credentials (401), the key's IP allowlist (403 \`ip_not_allowed\`), platform switch (503), organization state (403 \`org_suspended\`), billing (402), rate limit (429), scope (403 \`insufficient_scope\`), path ids (404), query then body (400, 413), then the operation itself (404, 409).

${errorsTableMarkdown()}

Retry 429 (after \`Retry-After\`), 503 and other 5xx with exponential backoff. Do not retry 400, 401, 402, 403, 404, 405, 409 or 413: the outcome does not change.

## Pagination

Paged collections take \`limit\` (1 to 200, default 50) and \`cursor\` (the opaque \`meta.nextCursor\` of the previous page, 1 to 512 characters; omit it for the first page). Paging ends when \`meta.nextCursor\` is null, not when \`data\` is empty. Cursors are keyset based: a record created while you page is never skipped or repeated. Their content changes without notice, and one the service did not issue for that list gives 400 \`INVALID_CURSOR\`. Events are listed newest first; every other ordered collection oldest first (or in the order named), so an incremental sync can keep a high-water mark. Unpaged collections are \`{ "data": [...] }\` with no \`meta\`.

## Incremental sync

To mirror a guest list or programme, read it once in full, then ask only for what changed: \`GET /events/{eventId}/attendees?updatedSince=<instant>\` (and the same on \`/sessions\`) returns the rows whose \`updatedAt\` is at or after the instant (ISO-8601 with \`Z\` or an offset; anything else is 400 \`INVALID_INPUT\`), ordered by \`updatedAt\`, then \`id\`, paged like any list. Every change to a row (API, console, imports, check-in) moves its \`updatedAt\` forward.

- Store the largest \`updatedAt\` you have processed, and pass exactly that value next time. The filter is "at or after", so the rows of that instant come again: dedupe by \`id\` (or just upsert), and nothing that changed in the same millisecond is missed.
- Follow \`meta.nextCursor\` to the end before moving the mark. A cursor continues only the list it came from: changing \`updatedSince\` or \`status\` mid-walk, or using a cursor of the unfiltered list, is 400 \`INVALID_CURSOR\`.
- Deletions do not appear in these lists (attendees cannot be deleted through the API; deleted sessions simply stop appearing). Use the \`attendee.deleted\` and \`session.deleted\` webhooks, or compare ids in a periodic full read.
- Webhooks give low latency; \`updatedSince\` is the catch-up after downtime or a disabled endpoint, and the check that nothing was lost.

## Reconcile after downtime: the webhook-events feed

\`GET /webhook-events\` lists the webhook bodies of the last 30 days, oldest first, each byte for byte as its deliveries carry it (deletions and \`previousAttributes\` included), whether or not an endpoint received it. Webhooks for speed, the feed for completeness:

1. Keep the \`createdAt\` of the last event your receiver processed.
2. After downtime (or on a schedule), walk \`GET /webhook-events?since=<that value>\` (optionally \`&types=attendee.created,attendee.updated\`) to the last page; with the SDK, \`for await (const event of client.webhookEvents.list({ since, types }))\`.
3. Skip every \`id\` you already handled (the feed is "at or after", and webhooks and the feed carry the same ids); hand the rest to the same code as your webhook receiver.

Any valid key reads it; events the key's scopes do not read (\`attendee.*\`: \`attendees:read\`; \`event.*\`, \`session.*\`: \`events:read\`; attendance, submissions, feedback: \`engagement:read\`) are absent. \`ping\` and console tests never appear.

## Idempotent requests

\`POST /events/{eventId}/attendees\` accepts an \`Idempotency-Key\` header (1 to 255 printable ASCII characters, e.g. a UUID you generate per attendee you mean to create) so a retry after a timeout or a dropped connection cannot create twice. Keys are kept 24 hours per organization. The same key and the same body (method, path and JSON body; key order and whitespace do not matter) answer the first request's status and body again with \`Idempotent-Replayed: true\`, and nothing is written or sent as a webhook a second time. The same key with another body is 409 \`idempotency_key_reused\`; the same key while the first request is still being processed is 409 \`idempotency_key_in_use\` (retry shortly). Only successes are stored: after an error (400, 404, 409...) nothing was written, and the same key runs the request again.

## Rate limits

${RATE_LIMIT_PER_MINUTE} requests per minute per API key; a key's window opens with its first request and lasts 60 seconds, and another key has its own budget. Responses to requests that reached the rate-limit check carry \`X-RateLimit-Limit\` (${RATE_LIMIT_PER_MINUTE}), \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (seconds until the window rolls over); a 429 also carries \`Retry-After\` in seconds. Request bodies are limited to ${MAX_BODY_BYTES / 1024} KB.

${webhooksMarkdown()}

${badgeCodesMarkdown()}

${dataSourcesMarkdown()}

## Versioning

One version is live, \`/partner/v1\`. \`info.version\` is the date of the current release. Additive changes ship under v1 without notice: new endpoints, optional query parameters or request fields, response fields, enumerated values (such as session or form field types) and webhook event types, so ignore unknown fields and values. Breaking changes (removing or renaming a field, making an optional request field required, narrowing an accepted value set, changing the meaning of a status code) ship as \`/partner/v2\`, announced ahead and run side by side. Every change bumps \`info.version\` and adds a dated entry below (also machine-readable as \`x-changelog\`), newest first.

### Changelog

${changelogMarkdown()}`;
}
