import NextAuth from "next-auth";
import { baseHeaders, jsonResponse, newRequestId } from "@/lib/partner-api/responses";
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
  if (request.method === "POST" && nextauth.join("/") === "callback/credentials") {
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
  return NextAuth(request as never, context as never, getAuthOptions());
}
