import { NextRequest } from "next/server";
import { AppError } from "@/lib/platform/errors/app-error";
import { withBoundedBody } from "@/lib/platform/http/bounded-body";

const FORM_TYPE = "application/x-www-form-urlencoded";
/** next-auth's forms are a handful of short fields; nothing legitimate comes near this. */
export const AUTH_FORM_MAX_BYTES = 16 * 1024;

/**
 * next-auth reads a POST body as JSON or as a form (it looks for "application/json"
 * anywhere in Content-Type), and of a repeated form field it keeps the last value; its
 * browser client only ever sends a form with each field once. So the media type is parsed
 * — exactly the form type, with no parameter but `charset=utf-8` —, the body is read up to
 * AUTH_FORM_MAX_BYTES while it streams, a repeated field is refused, and next-auth gets a
 * copy carrying the bare form type: every part of the app then reads the same values.
 */
export async function singleValuedForm(request: Request): Promise<NextRequest> {
  if (!isUtf8Form(request.headers.get("content-type") ?? "")) {
    throw new AppError("INVALID_INPUT", `The body must be ${FORM_TYPE}.`, { reason: "invalid_content_type" });
  }
  // next-auth reads `nextUrl`: the copy is a NextRequest.
  const copy = await withBoundedBody(request as NextRequest, AUTH_FORM_MAX_BYTES, { "content-type": FORM_TYPE }, (url, init) => new NextRequest(url, init as never));
  const seen = new Set<string>();
  for (const name of new URLSearchParams(await copy.clone().text()).keys()) {
    if (seen.has(name)) throw new AppError("INVALID_INPUT", "Each field may appear once.", { reason: "repeated_field", field: name.slice(0, 100) });
    seen.add(name);
  }
  return copy;
}

/** RFC 9110 media type: `type/subtype *( OWS ";" OWS name=value )`, names case-insensitive. */
export function isUtf8Form(contentType: string): boolean {
  const [mediaType, ...parameters] = contentType.split(";");
  if (mediaType.trim().toLowerCase() !== FORM_TYPE) return false;
  return parameters.every((parameter) => {
    const at = parameter.indexOf("=");
    if (at === -1) return false;
    const name = parameter.slice(0, at).trim().toLowerCase();
    const value = parameter.slice(at + 1).trim().replace(/^"(.*)"$/, "$1").toLowerCase();
    return name === "charset" && (value === "utf-8" || value === "utf8");
  });
}
