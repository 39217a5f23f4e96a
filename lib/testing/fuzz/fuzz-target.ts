import { createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { createStockedEvent } from "@/lib/testing/programme-fixtures";
import type { FuzzTarget } from "./partner-fuzz";

/**
 * An organization of its own with a stocked event, `fullKeys` keys with every scope (spread
 * so that the 600-a-minute limit is seldom what answers) and one read-only key (403s).
 */
export async function createFuzzTarget(baseUrl: string, fullKeys: number): Promise<FuzzTarget> {
  const org = await createTestOrg({ name: "Fuzz org" });
  const keys: string[] = [];
  for (let i = 0; i < fullKeys; i++) keys.push((await createTestKey(org.id)).secret);
  keys.push((await createTestKey(org.id, ["events:read"])).secret);
  const stocked = await createStockedEvent(org.id);
  return {
    baseUrl,
    orgId: org.id,
    keys,
    ids: { eventId: stocked.event.id, attendeeId: stocked.attendee.id, formId: stocked.form.id, sessionId: stocked.session.id },
  };
}
