import { NextResponse, type NextRequest } from "next/server";
import { withoutControlCharacters } from "@/lib/platform/http/query-controls";
import { appContentSecurityPolicy, baseSecurityHeaders, currentMode, newNonce } from "@/lib/platform/http/security-headers";

// Security headers for every page (console, sign-in/up, invites, home). Next reads the
// nonce from the request's Content-Security-Policy and puts it on the scripts it renders,
// which is why pages render per request (the root layout opts out of prerendering). The
// Partner API, its HTML reference and next-auth's routes answer with their own headers.

export function proxy(request: NextRequest) {
  // next.config.ts turns off Next's own trailing-slash redirect (the Partner API answers
  // such paths with a 404 of its own); pages keep it.
  // (A plain URL: NextURL keeps the slash it was given when formatted.)
  const canonical = new URL(request.url);
  if (canonical.pathname.length > 1 && canonical.pathname.endsWith("/")) {
    canonical.pathname = canonical.pathname.replace(/\/+$/, "") || "/";
    return NextResponse.redirect(canonical, 308);
  }
  // The one place a page's query string is cleaned: a control character in a filter
  // (`?action=%00`) is dropped by a redirect to the same query without it, so no page
  // hands NUL to PostgreSQL (a 500) and the address bar shows what is filtered on.
  const cleaned = withoutControlCharacters(request.url);
  if (cleaned) return NextResponse.redirect(cleaned, 307);

  const nonce = newNonce();
  const mode = currentMode();
  const policy = appContentSecurityPolicy(nonce, mode);

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", policy);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  for (const [name, value] of Object.entries(baseSecurityHeaders(mode))) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|partner/|_next/static|_next/image|favicon.ico).*)",
      // Prefetches are not documents; they reuse the page's policy.
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
