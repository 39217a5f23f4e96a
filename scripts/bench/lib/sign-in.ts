// Signing in the way next-auth's browser client does, for benches that hit the console or
// the credentials endpoint over HTTP.

export type CsrfSession = { token: string; cookie: string };

/** A CSRF token and its cookie, as next-auth's browser client fetches them before signing in. */
export async function csrf(baseUrl: string): Promise<CsrfSession> {
  const response = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const cookie = response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  return { token: csrfToken, cookie };
}

export function credentialsPost(baseUrl: string, session: CsrfSession, email: string, password: string, ip: string) {
  return fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: session.cookie, "x-forwarded-for": ip },
    body: new URLSearchParams({ email, password, csrfToken: session.token, json: "true", callbackUrl: "/console" }),
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
}

/** Signs in with email and password and returns the cookies a browser would then send. */
export async function signInCookies(baseUrl: string, email: string, password: string): Promise<string> {
  const session = await csrf(baseUrl);
  const response = await credentialsPost(baseUrl, session, email, password, "127.0.0.1");
  const cookies = response.headers.getSetCookie().map((line) => line.split(";")[0]);
  if (!cookies.some((cookie) => cookie.includes("session-token"))) throw new Error(`sign-in failed (${response.status})`);
  return [session.cookie, ...cookies].join("; ");
}
