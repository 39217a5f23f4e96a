import NextAuth from "next-auth";
import { AppError } from "@/lib/platform/errors/app-error";
import { baseHeaders, jsonResponse, newRequestId } from "@/lib/platform/http/responses";
import { baseSecurityHeaders, currentMode, inlineHtmlContentSecurityPolicy } from "@/lib/platform/http/security-headers";
import { singleValuedForm } from "./form-body";
import { getAuthOptions } from "./options";
import { withSignInRefusal } from "./sign-in-refusal";
import { withSignInCookies } from "./two-factor/sign-in-cookies";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

/**
 * next-auth's endpoints. A POST must carry a URL-encoded form with each field once (400
 * otherwise), so next-auth reads the values its own client sent. The sign-in limit and the
 * hash queue are enforced inside the credentials check (lib/auth/credentials.ts); when it
 * refuses, the answer is that refusal — 429 with Retry-After, or 503 — in the usual error
 * envelope plus the `url` next-auth's browser client reads the form's error code from,
 * instead of next-auth's 401.
 */
export async function handleAuthRequest(request: Request, context: RouteContext): Promise<Response> {
  // Two-factor sign-in reads and sets its cookies (challenge, remembered device) while
  // next-auth runs; they are added to whatever it answers.
  const { result, setCookies } = await withSignInCookies(request.headers.get("cookie"), secureCookies(request), () => handleWithNextAuth(request, context));
  for (const cookie of setCookies) result.headers.append("set-cookie", cookie);
  return result;
}

/** next-auth's own rule for Secure cookies: the public URL is HTTPS. */
function secureCookies(request: Request): boolean {
  const publicUrl = process.env.NEXTAUTH_URL || (process.env.VERCEL ? "https://" : request.url);
  return publicUrl.startsWith("https:");
}

/** The callbacks of the providers that take a posted form (password, then the two-factor code). */
const FORM_CALLBACKS = new Set(["credentials", "two-factor"]);

async function handleWithNextAuth(request: Request, context: RouteContext): Promise<Response> {
  const { nextauth } = await context.params;
  // next-auth answers a GET on a credentials callback with a 500 ("not supported").
  if (request.method !== "POST" && nextauth[0] === "callback" && FORM_CALLBACKS.has(nextauth[1] ?? "")) {
    return errorResponse(new AppError("METHOD_NOT_ALLOWED", "Sign in with a POST.", { reason: "method_not_allowed" }, { allow: "POST" }));
  }
  let forNextAuth = request;
  if (request.method === "POST") {
    try {
      forNextAuth = await singleValuedForm(request);
    } catch (error) {
      if (error instanceof AppError) return errorResponse(error);
      throw error;
    }
  }
  const { response, refusal } = await withSignInRefusal(() => NextAuth(forNextAuth as never, context as never, getAuthOptions()));
  return refusal ? refusalResponse(response, refusal) : withPageHeaders(response);
}

/**
 * next-auth renders a few HTML pages itself (the sign-out confirmation, "check your
 * email"); proxy.ts does not cover /api/, so they get the pages' headers here: no framing,
 * only their own inline stylesheet, forms to our origin only.
 */
async function withPageHeaders(response: Response): Promise<Response> {
  const mode = currentMode();
  const html = response.headers.get("content-type")?.startsWith("text/html") ? await response.text() : null;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(baseSecurityHeaders(mode))) headers.set(name, value);
  if (html === null) return new Response(response.body, { status: response.status, headers });
  headers.set("content-security-policy", inlineHtmlContentSecurityPolicy(html, { formAction: "'self'" }));
  return new Response(html, { status: response.status, headers });
}

function errorResponse(error: AppError, extra: Record<string, unknown> = {}): Response {
  const requestId = newRequestId();
  const body = { error: { code: error.code, message: error.message, details: error.details, requestId }, ...extra };
  return jsonResponse(body, error.status, { ...baseHeaders(requestId), ...error.headers });
}

async function refusalResponse(response: Response, refusal: AppError): Promise<Response> {
  const body = (await response.clone().json().catch(() => null)) as { url?: unknown } | null;
  const url = typeof body?.url === "string" ? body.url : response.headers.get("location");
  const refused = errorResponse(refusal, url ? { url } : {});
  // Keep next-auth's cookies (its CSRF and callback cookies).
  for (const cookie of response.headers.getSetCookie()) refused.headers.append("set-cookie", cookie);
  return refused;
}
