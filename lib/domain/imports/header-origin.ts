// Stored header values (API tokens) belong to the origin they were entered for: the saved
// URL's origin. Every path that could send them elsewhere asks here first: preview and
// update with a changed URL, and each request of a run (next pages and redirects may
// lead to other origins). Pure, so the console form can use it to warn before saving.

/** True when both parse as URLs with the same scheme, host and port. */
export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/**
 * The stored values a request to `url` may reuse: all of them on the saved URL's origin,
 * none anywhere else (the user must re-enter them for the new origin).
 */
export function storedHeadersFor(url: string, saved: { url: string; headers: Record<string, string> }): Record<string, string> {
  return sameOrigin(url, saved.url) ? saved.headers : {};
}
