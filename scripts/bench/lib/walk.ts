import type { KeyRing } from "./keys";
import type { PagePosition } from "../types";

// Cursors are opaque, so the bench gets them the way a client does: by walking the whole
// list through the API, 200 at a time. It keeps the first, middle and last page's cursor,
// and the last row before each page, which the SQL floor uses for the same page.

type Row = { id: string; createdAt: string };

export async function walkAttendeePages(
  baseUrl: string,
  eventId: string,
  keys: KeyRing,
  limit = 200,
): Promise<{ pages: PagePosition[]; total: number }> {
  const pages: PagePosition[] = [{ cursor: null, after: null }];
  let total = 0;
  let cursor: string | null = null;
  for (;;) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const response: Response = await fetch(`${baseUrl}/partner/v1/events/${eventId}/attendees?limit=${limit}${query}`, {
      headers: keys.authorization(),
    });
    if (response.status !== 200) throw new Error(`walking attendees: HTTP ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { data: Row[]; meta: { nextCursor: string | null } };
    total += body.data.length;
    cursor = body.meta.nextCursor;
    if (!cursor) break;
    const last = body.data.at(-1)!;
    pages.push({ cursor, after: { createdAt: last.createdAt, id: last.id } });
  }
  return { pages, total };
}

export function startMiddleEnd(pages: PagePosition[]): { start: PagePosition; middle: PagePosition; end: PagePosition } {
  return { start: pages[0], middle: pages[Math.floor(pages.length / 2)], end: pages[pages.length - 1] };
}
