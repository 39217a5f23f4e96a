import type { z } from "zod";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { readBoundedBody } from "@/lib/platform/http/bounded-body";

export const MAX_BODY_BYTES = 64 * 1024;

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

function wholeBodyFault(code: string, message: string): AppError {
  return new AppError("INVALID_INPUT", "Validation failed", {
    reason: "invalid_body",
    fields: {},
    issues: [{ code, path: [], message }],
  });
}

/** Reads at most MAX_BODY_BYTES (413 beyond), requires JSON, then validates with `schema`. */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType.trim())) {
    throw wholeBodyFault("invalid_content_type", "Send the body as JSON with `Content-Type: application/json`.");
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
  if (charset && !/^utf-?8$/i.test(charset)) {
    throw wholeBodyFault("invalid_content_type", "JSON bodies are UTF-8: send `Content-Type: application/json` (charset utf-8 or none).");
  }
  const body = await readBoundedBody(request, MAX_BODY_BYTES);
  let text: string;
  try {
    // Fatal decoding: a replacement character silently stored in a name is worse than a 400.
    text = utf8.decode(body);
  } catch {
    throw wholeBodyFault("invalid_utf8", "The body is not valid UTF-8.");
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw wholeBodyFault("invalid_json", text.trim() === "" ? "The body is empty; send a JSON object." : "The body is not valid JSON.");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
}
