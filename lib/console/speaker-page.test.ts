import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { startPartnerReader } from "@/lib/testing/partner-reader";
import { loadSpeakerPage } from "./speaker-page";

// The console's speaker list pages in the Partner API's order (name, then id), to the end,
// never skipping or repeating a row, and only within the organization's event.

let orgId: string;
let eventId: string;

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
  // Equal names, names with the cursor's separator characters, mixed case.
  const names = ["Zoe", "ada", "Ada", "Ada", "Bob|Jr", "[\"x\"]", "Émile", "Chen", "Ada"];
  for (const name of names) await getDb().speaker.create({ data: { eventId, name } });
});

describe("loadSpeakerPage", () => {
  it("walks every page in the API's order", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const page = await loadSpeakerPage(orgId, eventId, cursor, 2);
      seen.push(...page.rows.map((row) => row.id));
      if (!page.next) break;
      cursor = page.next;
    }
    const partner = await startPartnerReader(orgId);
    try {
      const served = await partner.list(`/events/${eventId}/speakers?limit=3`);
      expect(seen).toEqual(served.map((speaker) => speaker.id));
      expect(seen).toHaveLength(9);
    } finally {
      await partner.close();
    }
  });

  it("reads a malformed cursor as the first page and another organization's event as empty", async () => {
    const first = await loadSpeakerPage(orgId, eventId, undefined, 3);
    expect((await loadSpeakerPage(orgId, eventId, "not-a-cursor", 3)).rows).toEqual(first.rows);
    const other = await createTestOrg();
    expect(await loadSpeakerPage(other.id, eventId, undefined)).toEqual({ rows: [], next: null });
  });
});
