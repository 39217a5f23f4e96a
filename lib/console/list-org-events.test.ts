import { describe, expect, it } from "vitest";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { listOrgEvents } from "./list-org-events";

describe("listOrgEvents", () => {
  it("a search with control characters (?q=%00) searches for what is left instead of failing", async () => {
    const org = await createTestOrg();
    const event = await createTestEvent(org.id, { name: "Spring Summit" });
    await createTestEvent(org.id, { name: "Autumn Meetup" });
    expect((await listOrgEvents(org.id, { q: "spring\u0000", page: 1 })).rows.map((row) => row.id)).toEqual([event.id]);
    expect((await listOrgEvents(org.id, { q: "\u0000", page: 1 })).rows).toHaveLength(2);
  });
});
