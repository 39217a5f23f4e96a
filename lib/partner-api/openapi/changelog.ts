// The dated releases of /partner/v1 (spec, "Versioning"). Every change to the contract
// bumps API_VERSION and adds an entry at the top: newest first, each marked additive or
// breaking. Breaking changes ship as /partner/v2 instead, so v1 entries are additive.

export const API_VERSION = "2026-12-01";

export type ChangelogEntry = {
  version: string;
  /** Release date, YYYY-MM-DD (the version is the date). */
  date: string;
  kind: "additive" | "breaking";
  changes: string[];
};

export const CHANGELOG: readonly ChangelogEntry[] = [
  {
    version: "2026-12-01",
    date: "2026-12-01",
    kind: "additive",
    changes: [
      "`GET /requests`: the calling key's own request log of the last 14 days (the rows the console's request log shows), newest first, paged, with `status` (`2xx`, `4xx`, `429`, `5xx`) and `since` filters; any valid key, only its own requests. The SDK lists it as `requests.list()`, and `svc-partner logs` prints it.",
      "The SDK package carries the `svc-partner` command: `listen --forward-to URL` follows `GET /webhook-events` and forwards each new event to a local receiver with a delivery's body and headers, signed with a local `whsec_` secret it prints (no public URL needed); `trigger attendee.created|attendee.updated --event-id ID` makes a test attendee on a draft event so a real event flows.",
      "Webhook endpoints can be limited to events of the organization, filtered by a JSONata expression over the body (deliveries it leaves out are logged as filtered out and stay in `GET /webhook-events`), given a JSONata transform whose result is the body sent (both signature headers sign the bytes sent), or set to a chat format: `slack`, `teams`, `discord` or `google-chat`. An endpoint without these settings receives exactly what it received before.",
      "Webhook delivery is endpoint-aware: after a failed attempt the endpoint's other deliveries wait behind one probe at a time (waiting uses none of their 7 attempts), and the 50 consecutive failures that disable an endpoint are failed probes, so only a receiver that has been down for more than a day is disabled; a short outage under load no longer disables it. Re-enabling can deliver everything recorded while the endpoint was disabled.",
    ],
  },
  {
    version: "2026-11-27",
    date: "2026-11-27",
    kind: "additive",
    changes: [
      "Standard Webhooks headers on every delivery, beside `X-Service-Signature` (unchanged): `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64>`, one per active secret during a roll). The signing secret as shown verifies with the Standard Webhooks libraries as they are.",
      "`previousAttributes` on the `attendee.updated`, `event.updated` and `session.updated` webhook bodies: the previous value of exactly the `data` fields that changed, absent when none did.",
      "Text fields of `POST` and `PATCH /events/{eventId}/attendees` (and every other text a partner or an import sends us) refuse control characters: 400 `INVALID_INPUT` with the field named (`must not contain control characters`). Multi-line fields keep tab, line feed and carriage return. NUL could never be stored; the others were stored and broke CSV exports and badge printers.",
      "`GET /webhook-events`: the catch-up feed of the organization's webhook bodies of the last 30 days, byte for byte as delivered, oldest first, paged, with `types` and `since` filters; any valid key, items filtered by its scopes. The SDK lists it as an async iterator (`webhookEvents`).",
      "Lookups on `GET /events/{eventId}/attendees`: `badgeCode` (normalised as the badge rules say: spaces and dashes removed, upper-cased, so `PYT-UZX`, `pytuzx` and `PYT UZX` match the same attendee) and `email` (case-insensitive, otherwise exact). Each is an index lookup and answers the usual paged list, holding zero or one attendee; they combine with each other and with `status` and `updatedSince`. A `badgeCode` that is not six letters and digits, or an `email` that is not an address, is 400 `INVALID_INPUT`.",
      "A check-in can now be undone at the door within 10 minutes (a guest checked in by mistake): the attendee's `checkedInAt` goes back to null, its row leaves `GET /events/{eventId}/check-ins`, and `attendee.updated` is delivered with `checkedInAt: null`. There is no separate event type; a partner that keeps arrivals applies the update.",
      "Per-key IP allowlists: a key can be limited, when it is created, to up to 20 IPv4/IPv6 CIDR ranges. A request with such a key from any other address is refused with 403 `FORBIDDEN` and the new `details.reason` `ip_not_allowed`, checked right after the credentials (before the platform switch, the organization's state, billing and the rate limit); refused requests do not count against the key's rate limit. Keys without ranges accept any address, as before. `GET /me` gives the key's ranges as `key.allowedIps` (empty for any address).",
      "Every operation's success response in the OpenAPI document carries an `example` body (checked against the response schema), shown in the reference with request samples in curl, TypeScript (the SDK) and Python. Documentation only: no response changed.",
    ],
  },
  {
    version: "2026-11-25",
    date: "2026-11-25",
    kind: "additive",
    changes: [
      "Optional `Idempotency-Key` request header on `POST /events/{eventId}/attendees`: the same key and body within 24 hours replay the first 201 with `Idempotent-Replayed: true` and create nothing. New `details.reason` values `idempotency_key_reused` and `idempotency_key_in_use` (409 `CONFLICT`) and `invalid_header` (400 `INVALID_INPUT`).",
      "Optional `updatedSince` query parameter on `GET /events/{eventId}/attendees` and `GET /events/{eventId}/sessions`: only rows changed at or after that instant, ordered by `updatedAt`, then `id` (incremental sync).",
      "`updatedAt` added to Session (the session webhook bodies are unchanged).",
    ],
  },
  {
    version: "2026-09-10",
    date: "2026-09-10",
    kind: "additive",
    changes: [
      "`badgeCode` added to Attendee, and to the bodies of the `attendee.created`, `attendee.updated`, `attendee.checked_in` and `attendee.deleted` webhooks. Every attendee that existed before was given a code, so it is never absent or empty.",
      "`featuredOnCards` added to Sponsor.",
    ],
  },
  {
    version: "2026-09-09",
    date: "2026-09-09",
    kind: "additive",
    changes: ["Initial release of the Partner API v1, webhooks and data sources."],
  },
];
