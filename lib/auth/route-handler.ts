import NextAuth from "next-auth";
import { baseHeaders, jsonResponse, newRequestId } from "@/lib/partner-api/responses";
import { hashingBusyError } from "./hash-queue";
import { getAuthOptions } from "./options";
import { SIGN_IN_ERROR } from "./sign-in-error-codes";
import { clientIp } from "./throttle/client-ip";
import { throttleStatus, tooManyAttemptsError } from "./throttle/throttle";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

/**
 * next-auth's endpoints, with the credentials callback refused (429, Retry-After) before
 * next-auth runs when the email or the client's IP has had too many failures: no
 * password is checked. The body is the usual error envelope plus the `url` that
 * next-auth's browser client reads its error code from.
 */
export async function handleAuthRequest(request: Request, context: RouteContext): Promise<Response> {
  const { nextauth } = await context.params;
  const credentialsCallback = request.method === "POST" && nextauth.join("/") === "callback/credentials";
  if (credentialsCallback) {
    const form = await request.clone().formData().catch(() => null);
    const email = form?.get("email");
    if (typeof email === "string" && email.trim()) {
      const status = await throttleStatus({ action: "sign-in", account: email, ip: clientIp(request.headers) });
      if (status.limited) {
        const error = tooManyAttemptsError(status.retryAfterSeconds);
        const requestId = newRequestId();
        const url = new URL(`/sign-in?error=${SIGN_IN_ERROR.tooManyAttempts}`, request.url).toString();
        const body = { error: { code: error.code, message: error.message, details: error.details, requestId }, url };
        return jsonResponse(body, error.status, { ...baseHeaders(requestId), ...error.headers });
      }
    }
  }
  const response: Response = await NextAuth(request as never, context as never, getAuthOptions());
  return credentialsCallback ? busyAsServiceUnavailable(response) : response;
}

/**
 * next-auth answers every authorize error with 401; a full password-hash queue
 * (lib/auth/options.ts turns it into the ServerBusy code) is a 503 with Retry-After
 * instead, so clients and monitoring see an overloaded server, not a wrong password.
 * The `url` stays, since next-auth's browser client reads the code the form shows from it.
 */
async function busyAsServiceUnavailable(response: Response): Promise<Response> {
  if (response.status !== 401 || !response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response.clone().json().catch(() => null)) as { url?: unknown } | null;
  if (typeof body?.url !== "string" || errorCodeOf(body.url) !== SIGN_IN_ERROR.serverBusy) return response;
  const error = hashingBusyError();
  const requestId = newRequestId();
  const busy = jsonResponse({ error: { code: error.code, message: error.message, details: error.details, requestId }, url: body.url }, error.status, {
    ...baseHeaders(requestId),
    ...error.headers,
  });
  // Keep next-auth's cookies (its CSRF and callback cookies).
  for (const cookie of response.headers.getSetCookie()) busy.headers.append("set-cookie", cookie);
  return busy;
}

function errorCodeOf(url: string): string | null {
  try {
    return new URL(url).searchParams.get("error");
  } catch {
    return null;
  }
}
