import fc from "fast-check";
import { OPERATIONS } from "@/lib/partner-api/openapi/operations";
import { ROUTE_METHODS } from "@/lib/partner-api/route-methods";

// fast-check generators of Partner API requests: every operation of the OpenAPI registry,
// with path ids, query strings, headers and bodies that are sometimes right (so requests
// reach the deep checks) and often wrong in the ways clients get them wrong.

export type FuzzIds = { eventId: string; attendeeId: string; formId: string; sessionId: string };

export type FuzzRequest = {
  operation: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
};

/** Lone surrogates become U+FFFD, as any UTF-8 encoder on the wire would make them. */
const wellFormed = (text: string) => Buffer.from(text, "utf8").toString("utf8");

const weighted = <T>(...entries: [number, fc.Arbitrary<T>][]) =>
  fc.oneof(...entries.map(([weight, arbitrary]) => ({ weight, arbitrary })));

/** Header values travel as latin-1 bytes: anything printable in that range, no CR/LF/NUL. */
const headerText = (maxLength: number) =>
  fc.string({
    unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff })).map((code) => String.fromCharCode(code)),
    maxLength,
  });

const oddText = weighted<string>(
  [3, fc.string({ maxLength: 40 })],
  [2, fc.string({ unit: "grapheme", maxLength: 20 })],
  [1, fc.string({ unit: "binary", maxLength: 20 })],
  [1, fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String)],
  [1, fc.constantFrom("", " ", "0", "-1", "1e309", "NaN", "Infinity", "0x10", "null", "undefined", "true", "[]", "{}", "%00", "..", "../..", "\u0000", "💥", "İ", "ﬀ")],
);

function idArbitrary(real: string): fc.Arbitrary<string> {
  return weighted<string>(
    [12, fc.constant(real)],
    [1, fc.constant(real.toUpperCase())],
    [2, fc.uuid()],
    [1, fc.constant(`${real} `)],
    [2, oddText],
  );
}

const bogusCursor = weighted<string>(
  [2, fc.base64String({ maxLength: 80 })],
  [1, fc.string({ maxLength: 600 })],
  [1, fc.jsonValue({ maxDepth: 2 }).map((value) => Buffer.from(JSON.stringify(value) ?? "null").toString("base64url"))],
  [1, fc.constantFrom("", "null", "eyJ9", "=".repeat(10), "A".repeat(513))],
);

const queryValue = weighted<string>(
  [3, oddText],
  [2, fc.integer({ min: -5, max: 300 }).map(String)],
  [1, fc.constantFrom("draft", "published", "archived", "invited", "active", "revoked", "DRAFT")],
  [2, bogusCursor],
  [1, fc.uuid()],
);

const queryKey = weighted<string>(
  [6, fc.constantFrom("limit", "cursor", "status", "sessionId", "updatedSince")],
  [1, fc.constantFrom("limit[]", "cursor[0]", "status[]", "__proto__", "constructor", "api_key", "")],
  [1, fc.string({ maxLength: 10 })],
);

/** A query string: repeated keys, array syntax, unicode, huge numbers, empty values, junk. */
const queryString = fc
  .tuple(
    fc.array(fc.tuple(queryKey, queryValue), { maxLength: 6 }),
    weighted<string>([8, fc.constant("")], [1, fc.constantFrom("&", "&&=", "&=x", "&a==b", "&%zz", "&limit", "&%E0%A4%A")]),
  )
  .map(([pairs, junk]) => {
    const text = new URLSearchParams(pairs).toString() + junk;
    return text ? `?${text}` : "";
  });

function authorization(keys: readonly string[]): fc.Arbitrary<Record<string, string>> {
  const key = fc.constantFrom(...keys);
  return weighted<Record<string, string>>(
    [30, key.map((secret) => ({ authorization: `Bearer ${secret}` }))],
    [2, key.map((secret) => ({ "x-api-key": secret }))],
    [1, fc.constant({})],
    [1, key.map((secret) => ({ authorization: `bearer  ${secret}` }))],
    [1, key.map((secret) => ({ authorization: `Bearer ${secret.slice(0, -1)}` }))],
    [1, key.map((secret) => ({ authorization: `Bearer ${secret}\u00e9` }))],
    [1, fc.constantFrom("Bearer", "Bearer ", "Basic YTpi", "Token abc", "Bearer svc_live_", "Bearer svc_live_" + "z".repeat(400)).map((value) => ({ authorization: value }))],
    [2, headerText(120).map((value) => ({ authorization: value }))],
    [1, headerText(80).map((value) => ({ authorization: `Bearer ${value}` }))],
    [1, headerText(80).map((value) => ({ "x-api-key": value }))],
  );
}

const extraHeaders = weighted<Record<string, string>>(
  [6, fc.constant({})],
  [1, fc.constantFrom("gzip", "br, deflate", "identity;q=0", "*").map((value) => ({ "accept-encoding": value }))],
  [1, headerText(40).map((value) => ({ accept: value }))],
  [1, fc.constantFrom("x-forwarded-host", "x-forwarded-proto", "x-request-id", "idempotency-key").chain((name) => headerText(60).map((value) => ({ [name]: value })))],
);

const contentType = weighted<string | undefined>(
  [10, fc.constant("application/json")],
  [1, fc.constant(undefined)],
  [2, fc.constantFrom("application/json; charset=utf-8", "APPLICATION/JSON", "application/json;charset=latin1", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp", "application/merge-patch+json")],
  [1, headerText(40)],
);

const attendeeFields = fc.record(
  {
    email: weighted<unknown>(
      [5, fc.emailAddress()],
      [1, fc.constantFrom("", "not-an-email", "a@b", "A@EXAMPLE.COM", "x".repeat(400) + "@example.com")],
      [2, fc.jsonValue({ maxDepth: 1 })],
    ),
    displayName: weighted<unknown>([4, fc.string({ maxLength: 60 })], [1, fc.string({ maxLength: 300 })], [1, fc.jsonValue({ maxDepth: 1 })]),
    company: weighted<unknown>([3, fc.option(fc.string({ unit: "grapheme", maxLength: 40 }))], [1, fc.jsonValue({ maxDepth: 1 })]),
    jobTitle: weighted<unknown>([3, fc.option(fc.string({ maxLength: 40 }))], [1, fc.jsonValue({ maxDepth: 1 })]),
    status: fc.constantFrom("active", "revoked", "invited", "deleted", 1),
    id: fc.uuid(),
  },
  { requiredKeys: [] },
);

/** Bodies that should be accepted, so that 2xx writes (and 409 duplicates) happen between the refusals. */
const validAttendee = fc.record(
  {
    email: weighted<string>(
      [3, fc.stringMatching(/^[a-z0-9]{1,12}@example\.(com|org)$/)],
      [1, fc.constantFrom("dup@example.com", "DUP@example.com", "twice@example.org")],
    ),
    displayName: fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,30}$/),
    company: fc.option(fc.string({ unit: "grapheme", maxLength: 40 })),
    jobTitle: fc.option(fc.string({ maxLength: 40 })),
  },
  { requiredKeys: ["email"] },
);

/** JSON bodies: near-valid objects, wrong types, extra fields, deep nesting, huge strings, prototype keys. */
const jsonBody = weighted<string | Uint8Array | undefined>(
  [10, validAttendee.map((value) => JSON.stringify(value))],
  [6, validAttendee.map(({ email: _email, ...update }) => JSON.stringify(update))],
  [8, attendeeFields.map((value) => JSON.stringify(value))],
  [2, fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? "null")],
  [1, fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 8 }).map((value) => JSON.stringify(value))],
  [1, fc.integer({ min: 1, max: 40_000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth))],
  [1, fc.integer({ min: 1, max: 20_000 }).map((depth) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth))],
  [1, fc.integer({ min: 60_000, max: 70_000 }).map((size) => JSON.stringify({ email: "big@example.com", displayName: "x".repeat(size) }))],
  [
    2,
    fc
      .constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf")
      .chain((name) =>
        fc.constantFrom(
          `{"email":"p@example.com","${name}":{"status":"revoked","polluted":true}}`,
          `{"${name}":{"prototype":{"polluted":true}}}`,
          `{"email":"p@example.com","displayName":"x","${name}":null}`,
          `{"displayName":{"${name}":1}}`,
        ),
      ),
  ],
  [2, fc.string({ maxLength: 60 })],
  [1, attendeeFields.map((value) => JSON.stringify(value).slice(0, -1))],
  [1, fc.uint8Array({ maxLength: 120 })],
  [1, fc.constant(undefined)],
);

function operationArbitrary(keys: readonly string[], ids: FuzzIds) {
  // Writes weigh more: bodies are where most of the input surface is.
  const operations = weighted(...OPERATIONS.map((operation) => [operation.method === "GET" ? 1 : 6, fc.constant(operation)] as [number, fc.Arbitrary<(typeof OPERATIONS)[number]>]));
  return operations.chain((operation) => {
    const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as keyof FuzzIds);
    const pathIds = fc.tuple(...names.map((name) => idArbitrary(ids[name]))) as fc.Arbitrary<string[]>;
    const method = weighted<string>([10, fc.constant(operation.method)], [1, fc.constantFrom(...ROUTE_METHODS)]);
    return fc
      .record({ pathIds, method, query: queryString, auth: authorization(keys), extra: extraHeaders, contentType, body: jsonBody })
      .map(({ pathIds: values, method: chosen, query, auth, extra, contentType: type, body }): FuzzRequest => {
        let index = 0;
        const concrete = operation.path.replace(/\{\w+\}/g, () => encodeURIComponent(wellFormed(values[index++])));
        const hasBody = chosen !== "GET" && chosen !== "HEAD" && body !== undefined;
        return {
          operation: `${operation.method} ${operation.path}`,
          method: chosen,
          path: `/partner/v1${concrete}${query}`,
          headers: { ...extra, ...auth, ...(hasBody && type ? { "content-type": type } : {}) },
          ...(hasBody ? { body: typeof body === "string" ? wellFormed(body) : body } : {}),
        };
      });
  });
}

export function partnerRequests(keys: readonly string[], ids: FuzzIds): fc.Arbitrary<FuzzRequest> {
  return operationArbitrary(keys, ids);
}
