import { AsyncLocalStorage } from "node:async_hooks";

// The two cookies of two-factor sign-in, read and set while next-auth handles a request
// (lib/auth/route-handler.ts opens the scope): the pending sign-in's challenge, and a
// remembered device. next-auth's callbacks have no response to set cookies on, so they
// leave them here and the route handler adds them to whatever next-auth answers.
// httpOnly, SameSite=Lax, path /; with HTTPS, Secure and the __Host- prefix (no domain).

export type SignInCookieName = "challenge" | "device";

const BASE_NAMES: Record<SignInCookieName, string> = { challenge: "two-factor-challenge", device: "two-factor-device" };

type Store = { requestCookies: Map<string, string>; secure: boolean; set: string[] };

const current = new AsyncLocalStorage<Store>();

function cookieName(name: SignInCookieName, secure: boolean): string {
  return secure ? `__Host-${BASE_NAMES[name]}` : BASE_NAMES[name];
}

export function parseCookieHeader(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(index + 1).trim());
  }
  return cookies;
}

/** Runs `work` with the request's cookies readable and returns the Set-Cookie values it left. */
export async function withSignInCookies<T>(cookieHeader: string | null, secure: boolean, work: () => Promise<T>): Promise<{ result: T; setCookies: string[] }> {
  const store: Store = { requestCookies: parseCookieHeader(cookieHeader), secure, set: [] };
  const result = await current.run(store, work);
  return { result, setCookies: store.set };
}

/** A cookie of the request being handled (undefined outside a sign-in request). */
export function signInCookie(name: SignInCookieName): string | undefined {
  const store = current.getStore();
  if (!store) return undefined;
  const value = store.requestCookies.get(cookieName(name, store.secure));
  return value && /^[\w-]{1,200}$/.test(value) ? value : undefined;
}

/** A request cookie by its full name (next-auth's own, e.g. its callback URL). */
export function requestCookie(fullName: string): string | undefined {
  return current.getStore()?.requestCookies.get(fullName);
}

export function setSignInCookie(name: SignInCookieName, value: string, maxAgeSeconds: number): void {
  const store = current.getStore();
  if (!store) return;
  const attributes = [`${cookieName(name, store.secure)}=${value}`, "Path=/", `Max-Age=${maxAgeSeconds}`, "HttpOnly", "SameSite=Lax"];
  if (store.secure) attributes.push("Secure");
  store.set.push(attributes.join("; "));
}

export function clearSignInCookie(name: SignInCookieName): void {
  setSignInCookie(name, "", 0);
}
