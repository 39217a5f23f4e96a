import { AppError } from "@/lib/platform/errors/app-error";

const FORM_TYPE = "application/x-www-form-urlencoded";

/**
 * next-auth reads a POST body as JSON or as a form, and of a repeated form field it keeps
 * the last value; its browser client only ever sends a form with each field once. Anything
 * else is refused before next-auth runs, so every part of the app reads the same values.
 */
export async function singleValuedFormError(request: Request): Promise<AppError | null> {
  const contentType = request.headers.get("content-type") ?? "";
  const [mediaType, ...parameters] = contentType.split(";").map((part) => part.trim().toLowerCase());
  const charsetOk = parameters.every((parameter) => !parameter.startsWith("charset=") || parameter === "charset=utf-8");
  if (mediaType !== FORM_TYPE || !charsetOk) {
    return new AppError("INVALID_INPUT", `The body must be ${FORM_TYPE}.`, { reason: "invalid_content_type" });
  }
  const seen = new Set<string>();
  for (const name of new URLSearchParams(await request.clone().text()).keys()) {
    if (seen.has(name)) return new AppError("INVALID_INPUT", "Each field may appear once.", { reason: "repeated_field", field: name.slice(0, 100) });
    seen.add(name);
  }
  return null;
}
