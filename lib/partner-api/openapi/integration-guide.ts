import { BADGE_ALPHABET, checkCharacter, formatBadgeCode } from "@/lib/domain/badges/badge-code";
import { MAX_HEADERS } from "@/lib/domain/imports/data-source-input";
import { WEBHOOK_EVENT_TYPES } from "@/lib/domain/webhooks/event-types";
import { WEBHOOK_DATA_SCHEMAS, WEBHOOK_EVENT_DESCRIPTIONS } from "@/lib/domain/webhooks/payload-schemas";
import { AUTO_DISABLE_AFTER_FAILURES, AUTO_DISABLE_AFTER_MS, BREAKER_FIRST_DELAY_MS, BREAKER_MAX_DELAY_MS, ATTEMPT_TIMEOUT_MS, DELIVERY_LOG_RETENTION_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "@/lib/domain/webhooks/schedule";
import { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_HEADER } from "@/lib/domain/webhooks/signature";

// The guide's sections on what happens outside the request/response API: webhooks (types,
// bodies, signature, retries), data sources and badge codes. Figures and lists come from
// the modules that enforce them. The verification snippets are run by the tests against a
// real signed body (integration-guide.test.ts), so they cannot rot.

const cell = (text: string) => text.replaceAll("|", "\\|");
const table = (head: string[], rows: string[][]) =>
  [`| ${head.join(" | ")} |`, `| ${head.map(() => "---").join(" | ")} |`, ...rows.map((row) => `| ${row.map(cell).join(" | ")} |`)].join("\n");

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return `${minutes} min`;
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

export const TYPESCRIPT_VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from "node:crypto";

/** True when one v1 of the header is the HMAC of "<t>.<raw body>" under one of the secrets. */
export function verifyWebhook(rawBody: Buffer, header: string, secrets: string[], toleranceSeconds = ${DEFAULT_TOLERANCE_SECONDS}): boolean {
  const pairs = header.split(",").map((part) => part.trim().split("="));
  const timestamps = pairs.filter(([key]) => key === "t").map(([, value]) => value);
  const signatures = pairs.filter(([key]) => key === "v1").map(([, value]) => Buffer.from(value ?? "", "hex"));
  if (timestamps.length !== 1 || !/^\\d+$/.test(timestamps[0])) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamps[0])) > toleranceSeconds) return false;
  return secrets.some((secret) => {
    const expected = createHmac("sha256", secret).update(\`\${timestamps[0]}.\`).update(rawBody).digest();
    return signatures.some((candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected));
  });
}`;

export const PYTHON_VERIFY_SNIPPET = `import hashlib
import hmac
import time


def verify_webhook(raw_body: bytes, header: str, secrets: list[str], tolerance_seconds: int = ${DEFAULT_TOLERANCE_SECONDS}) -> bool:
    pairs = [part.strip().split("=", 1) for part in header.split(",") if "=" in part]
    timestamps = [value for key, value in pairs if key == "t"]
    signatures = [value for key, value in pairs if key == "v1"]
    if len(timestamps) != 1 or not timestamps[0].isdigit():
        return False
    if abs(time.time() - int(timestamps[0])) > tolerance_seconds:
        return False
    message = timestamps[0].encode() + b"." + raw_body
    for secret in secrets:
        expected = hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()
        if any(hmac.compare_digest(expected, candidate) for candidate in signatures):
            return True
    return False`;

export const STANDARD_WEBHOOKS_VERIFY_SNIPPET = `import { Webhook } from "standardwebhooks";

/** The parsed body when webhook-signature holds a valid signature under the secret; throws otherwise. */
export function verifyStandardWebhook(rawBody: string, headers: Record<string, string>, secret: string): unknown {
  // The secret exactly as the console showed it ("whsec_..."). verify() also refuses a
  // webhook-timestamp more than 5 minutes away and accepts any of the space-separated v1 values.
  return new Webhook(secret).verify(rawBody, headers);
}`;

export function webhooksMarkdown(): string {
  const types = table(
    ["Type", "Sent when", "data"],
    WEBHOOK_EVENT_TYPES.map((type) => [
      `\`${type}\``,
      WEBHOOK_EVENT_DESCRIPTIONS[type],
      `\`${String((WEBHOOK_DATA_SCHEMAS[type].meta() as { id?: string } | undefined)?.id)}\``,
    ]),
  );
  let elapsed = 0;
  const schedule = table(
    ["Attempt", "Sent", "Since the first attempt"],
    Array.from({ length: MAX_ATTEMPTS }, (_, index) => {
      if (index === 0) return ["1", "at once", "0"];
      elapsed += RETRY_DELAYS_MS[index - 1];
      return [String(index + 1), `${duration(RETRY_DELAYS_MS[index - 1])} after attempt ${index} failed`, duration(elapsed)];
    }),
  );
  return `## Webhooks

The service POSTs a JSON body to each HTTPS endpoint an organization admin registered in the console (up to 20), for the event types the endpoint subscribed to. The \`webhooks\` object of the OpenAPI document has one entry per type with its exact body schema; the bodies are built through the same schemas, so no field outside them is ever sent. New event types and new \`data\` fields are additive: ignore what you do not recognise.

Every body is \`{ "id", "type", "createdAt", "data" }\`; \`attendee.updated\`, \`event.updated\` and \`session.updated\` add \`previousAttributes\`: the value before the change of exactly the \`data\` fields that changed (status changes included, null where there was no value), absent when none did. \`id\` identifies the event and is the same on every retry and for every endpoint: deduplicate on it. \`createdAt\` is when the change happened; deliveries can arrive out of order, so compare it (or fetch the resource) before overwriting newer state. In \`data\` an absent field means "not sent", never null and never "unchanged".

${types}

### Signature

Each delivery carries \`${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256>\`. The HMAC key is the endpoint's signing secret (shown once when the endpoint is created or its secret rolled); the signed message is \`t\`, a dot, and the raw body bytes exactly as received. Verify before parsing: compute the HMAC over the raw body, compare in constant time, and refuse a \`t\` more than ${DEFAULT_TOLERANCE_SECONDS} seconds away from your clock (that is what stops a captured delivery from being replayed). While a secret is being rolled the previous secret keeps signing for 24 hours and the header holds one \`v1\` per secret: accept the delivery when any one matches, and hold both secrets during the overlap. Other headers: \`X-Service-Event-Id\`, \`X-Service-Event-Type\`, \`X-Service-Delivery-Id\`, \`X-Service-Delivery-Attempt\`, \`Content-Type: application/json\`.

Each delivery also carries the [Standard Webhooks](https://www.standardwebhooks.com) headers, so any Standard Webhooks library verifies it with the same secret, unchanged: \`webhook-id\` (the event id, the same on every retry), \`webhook-timestamp\` (the same unix seconds as \`t\`) and \`webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">\` (one space-separated \`v1,\` value per secret during a roll). The two schemes use the one secret differently: \`${SIGNATURE_HEADER}\` takes the whole secret string (\`whsec_\` included) as its HMAC key; Standard Webhooks takes the base64 decoding of what follows \`whsec_\`, as its libraries do by themselves. Verify either header, not necessarily both.

**Way 1, \`${SIGNATURE_HEADER}\`.** TypeScript (Node), or \`verifyWebhook\` from the typed SDK:

\`\`\`ts
${TYPESCRIPT_VERIFY_SNIPPET}
\`\`\`

Python 3:

\`\`\`python
${PYTHON_VERIFY_SNIPPET}
\`\`\`

**Way 2, Standard Webhooks.** With the \`standardwebhooks\` npm package:

\`\`\`ts
${STANDARD_WEBHOOKS_VERIFY_SNIPPET}
\`\`\`

The reference libraries of the standard (the \`libraries/\` folder of the standard-webhooks repository) do the same in Python (\`standardwebhooks\` on PyPI), Go, Ruby, PHP, Java and C# (\`StandardWebhooks\` on NuGet): construct their \`Webhook\` with the secret as shown, pass the raw body and the three headers.

### Limited, filtered, transformed and chat endpoints

An admin can narrow what an endpoint receives and change the body it gets (console endpoint form, or the operator CLI's \`webhook:create\`/\`webhook:update\` flags \`--event-ids\`, \`--filter\`, \`--transform\`, \`--format\`):

- **Events of the organization.** Limited to chosen events, the endpoint receives only the webhooks of those events; types tied to no event (\`ping\`) still arrive.
- **Filter.** A [JSONata](https://jsonata.org) expression (at most 4 KB) over the body above: the delivery happens only when it is true. An event it leaves out is not attempted, is not a failure, shows as "filtered out" in the delivery log and stays in \`GET /webhook-events\`. Evaluation is bounded in time (200 ms) and depth; an expression that errors or runs away ends that delivery as "filter error", without retries.
- **Transform.** A JSONata expression whose result is the body sent. Both signature headers sign the bytes sent, so verify the raw body exactly as received; \`id\` and the other \`X-Service-*\` headers stay as above. A transform that errors or yields nothing ends the delivery with that error and no retries (the receiver is not at fault).
- **Chat formats.** \`slack\` (\`{ text, blocks }\`), \`teams\` (a message with one Adaptive Card), \`discord\` (\`{ content, embeds }\`) or \`google-chat\` (\`{ text }\`) post one short sentence per event (times in the venue's time zone, with a link to the console page) to that tool's incoming-webhook URL, signed like any delivery. A format and a transform do not combine.

### Retries and auto-disable

Any 2xx answer within ${ATTEMPT_TIMEOUT_MS / 1000} seconds is a success; anything else (another status, a redirect, a timeout, a refused connection) is a failed attempt. A failed delivery is retried ${MAX_ATTEMPTS - 1} times, ${MAX_ATTEMPTS} attempts in all, then it is exhausted:

${schedule}

After a failed attempt the endpoint's other deliveries wait (waiting uses none of their attempts) while one probe at a time is sent, ${BREAKER_FIRST_DELAY_MS / 1000} s later, then twice as long after each further failure, up to ${BREAKER_MAX_DELAY_MS / 3_600_000} h; the first success sends everything that waited. After ${AUTO_DISABLE_AFTER_FAILURES} failed probes in a row (at least ${Math.round(AUTO_DISABLE_AFTER_MS / 3_600_000)} hours of failing) an endpoint is disabled and its pending deliveries are cancelled; an admin re-enables it in the console and can have everything recorded meanwhile delivered. Answer fast (queue the work, then respond 2xx) so slow processing is not mistaken for failure. Deliveries and their attempts are kept in the console's delivery log for ${DELIVERY_LOG_RETENTION_MS / 86_400_000} days, where a delivery can be resent. A \`ping\` (console "Send test") reaches one endpoint whatever its subscription.`;
}

export function dataSourcesMarkdown(): string {
  return `## Data sources

Besides this API, an organization admin can have the service pull a partner's JSON API into the attendees or sessions of one event (console: Data sources): on demand, hourly or daily. Pulls create and update; they never delete, and they run through the same operations as this API, so they emit the same webhooks (\`attendee.created\`, \`attendee.updated\`, \`session.created\`, \`session.updated\`).

- **Source:** an \`https://\` URL on a public address, up to ${MAX_HEADERS} request headers (stored encrypted, never shown again, sent only to that URL's origin) and the dotted path of the record array in the response.
- **Pagination:** \`{ "type": "none" }\`, a next-page URL in the body \`{ "type": "nextUrl", "path": "links.next" }\`, a cursor \`{ "type": "cursor", "cursorPath": "pagination.continuation", "param": "continuation", "hasMorePath": "pagination.has_more_items" }\`, a page number \`{ "type": "page", "param": "page", "startAt": 1, "sizeParam": "per_page", "size": 100 }\`, an offset \`{ "type": "offset", "offsetParam": "offset", "limitParam": "limit", "limit": 100 }\`, or an RFC 8288 \`Link: rel="next"\` header \`{ "type": "linkHeader" }\`. Every page's URL passes the same address checks.
- **Authentication:** none, \`bearer\` (token), \`basic\` (user and password), \`header\` (a named header), \`query\` (a named query parameter) or \`oauth2ClientCredentials\` (token URL, client id and secret, optional scope; HTTP basic client authentication, else the form body; the access token is reused until it expires, and a 401 gets one new token and one retry). Secrets are stored encrypted, never shown again, and sent only to the data URL's origin (the client secret only to the token URL, never through a redirect).
- **Incremental pulls:** \`{ "param": "changed_since", "format": "iso8601", "lookbackSeconds": 300 }\` (or \`unixSeconds\`): the first run sends nothing, each later run sends the start of the last successful run minus the look-back.
- **Polite fetching:** a 429 or 503 with \`Retry-After\` is waited out and the same page asked again while the run's 60 seconds allow; otherwise the run stops early (\`rate_limited\`) and the next run starts again. An optional pause between pages spares strict rate limits.
- **Presets:** Eventbrite attendees, Tito tickets, pretix order positions and HubSpot contacts are ready-made in the console: the organiser gives ids and a token.
- **Mapping:** each target field takes a dotted path into the record and optional transforms (\`trim\`, \`lowercase\`, \`uppercase\`, \`number\`, \`parseDate\`, \`map\`). Attendees are matched on \`email\` (case-insensitive); sessions on a source id path kept as the link.
- **Limits:** 20 seconds and 5 MB per request, 5,000 records or 60 seconds per run. A bad record is skipped and reported with its index; the rest are applied.

Serve the source over HTTPS with a JSON content type and stable record identities; a record that did not change is left as it is.`;
}

export function badgeCodesMarkdown(): string {
  const data = "K7MQ2";
  const code = data + checkCharacter(data);
  const steps = [...data].map((char, position) => `${position + 1} × ${BADGE_ALPHABET.indexOf(char)}`).join(" + ");
  const sum = [...data].reduce((total, char, position) => total + (position + 1) * BADGE_ALPHABET.indexOf(char), 0);
  return `## Badge codes

Every attendee has a \`badgeCode\`: six uppercase characters from the ${BADGE_ALPHABET.length}-character alphabet \`${BADGE_ALPHABET}\` (no 0, O, 1, I or L). Characters 1 to 5 are random; character 6 is a check character that catches any single mistyped character and any swap of two neighbours. The code never changes and is unique within its event (not across events): look attendees up by the pair (eventId, badgeCode).

Check character = alphabet[(Σ (position + 1) × index of character in the alphabet, over the five data characters, position from 0) mod ${BADGE_ALPHABET.length}]. For \`${data}\`: ${steps} = ${sum}; ${sum} mod ${BADGE_ALPHABET.length} = ${sum % BADGE_ALPHABET.length}, alphabet[${sum % BADGE_ALPHABET.length}] = \`${code[5]}\`, so the code is \`${code}\`.

Responses and webhooks always carry the code in this stored form. One parameter also takes it as a person typed it: the lookup \`GET /events/{eventId}/attendees?badgeCode=\` removes spaces and dashes and uppercases the value before matching, so \`${formatBadgeCode(code)}\`, \`${code.toLowerCase()}\` and \`${code.slice(0, 3)} ${code.slice(3)}\` find the same attendee. Anywhere else you compare codes (a scanner's offline list, your own records), normalise what a person typed the same way first. People see the code grouped as three characters, a dash and three characters (\`${formatBadgeCode(code)}\`); display it the same way.`;
}
