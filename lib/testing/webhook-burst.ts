import { getDb } from "@/lib/platform/db/client";

/** `count` event.updated outbox rows in one statement, as a burst of writes would record them; their ids. */
export async function recordEvents(orgId: string, count: number): Promise<string[]> {
  const rows = await getDb().$queryRaw<{ id: string }[]>`
    INSERT INTO "WebhookEvent" ("orgId", type, data)
    SELECT ${orgId}::uuid, 'event.updated', jsonb_build_object('n', n) FROM generate_series(1, ${count}::int) AS n
    RETURNING id`;
  return rows.map((row) => row.id);
}
