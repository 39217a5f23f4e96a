import { bearer, createTestKey } from "./fixtures";
import { startRouteServer } from "./route-server";

// The Partner API's view of an organization over real HTTP, for tests of authoring
// operations: what a change looks like to a partner reading /partner/v1 afterwards.

export type PartnerReader = {
  /** GET /partner/v1<path>; the parsed JSON body and the status. */
  get: (path: string) => Promise<{ status: number; body: { data: Record<string, unknown>[] | Record<string, unknown> } & Record<string, unknown> }>;
  /** The `data` array of a 200 list answer (all pages of a paged list). */
  list: (path: string) => Promise<Record<string, unknown>[]>;
  close: () => Promise<void>;
};

export async function startPartnerReader(orgId: string): Promise<PartnerReader> {
  const server = await startRouteServer();
  const { secret } = await createTestKey(orgId);
  const get: PartnerReader["get"] = async (path) => {
    const response = await fetch(`${server.baseUrl}/partner/v1${path}`, { headers: bearer(secret) });
    return { status: response.status, body: await response.json() };
  };
  return {
    get,
    async list(path) {
      const items: Record<string, unknown>[] = [];
      let cursor: string | null = null;
      do {
        const separator = path.includes("?") ? "&" : "?";
        const { status, body } = await get(cursor ? `${path}${separator}cursor=${encodeURIComponent(cursor)}` : path);
        if (status !== 200) throw new Error(`GET ${path} answered ${status}: ${JSON.stringify(body)}`);
        items.push(...(body.data as Record<string, unknown>[]));
        cursor = ((body.meta as { nextCursor?: string | null } | undefined)?.nextCursor) ?? null;
      } while (cursor);
      return items;
    },
    close: server.close,
  };
}
