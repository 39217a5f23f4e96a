import { z } from "zod";

// A request header's name and value as an organiser may configure them (data-source
// headers and every credential that becomes a header).

export const MAX_HEADER_VALUE_LENGTH = 4096;

// Headers the HTTP client sets itself, or that would change how the request travels.
const RESERVED_HEADERS = new Set([
  "host", "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "te", "trailer",
  "expect", "proxy-authorization", "proxy-connection",
]);

export const headerNameSchema = z
  .string({ error: "A header name must be text such as Authorization." })
  .trim()
  .min(1, "Give the header a name, such as Authorization.")
  .max(100, "A header name can be at most 100 characters long.")
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "A header name is letters, digits and dashes, such as X-Api-Key.")
  .refine((name) => !RESERVED_HEADERS.has(name.toLowerCase()), { message: "This header is set by the service and cannot be configured." });

export const headerValueSchema = z
  .string({ error: "A header value must be text." })
  .max(MAX_HEADER_VALUE_LENGTH, `A header value can be at most ${MAX_HEADER_VALUE_LENGTH} characters long.`)
  .refine((value) => !/[\r\n\u2028\u2029]/.test(value), { message: "A header value cannot contain line breaks." })
  // What HTTP can carry in a header value (printable ASCII, tab, Latin-1): anything else
  // would be saved and then fail every run as "could not be reached".
  .refine((value) => /^[\t\x20-\x7e\xa0-\xff]*$/.test(value) || /[\r\n\u2028\u2029]/.test(value), {
    message: "A header value can only hold printable ASCII and Latin-1 characters (no control characters, no other scripts or emoji).",
  });
