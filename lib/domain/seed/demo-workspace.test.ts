import { describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/passwords";
import { getDb } from "@/lib/platform/db/client";
import { hashKeySecret, looksLikeLiveKey } from "@/lib/domain/keys/key-secret";
import { DEMO_ADMIN, DEMO_KEY_NAME, DEMO_ORG_NAME, prepareDemoWorkspace } from "./demo-workspace";

describe("prepareDemoWorkspace", () => {
  it("creates the workspace once and mints a fresh key on every call", async () => {
    const db = getDb();
    const first = await prepareDemoWorkspace({ baseUrl: "http://localhost:3999/", seed: { attendees: 40 } });
    expect(first.created).toBe(true);
    expect(first.consoleUrl).toBe("http://localhost:3999/console");
    expect(first.admin).toEqual({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
    expect(first.apiKey).not.toBeNull();
    expect(looksLikeLiveKey(first.apiKey!)).toBe(true);
    expect(first.seeded?.events.map((e) => e.status)).toEqual(["published", "draft", "archived"]);

    const org = await db.organization.findUniqueOrThrow({ where: { id: first.orgId } });
    expect(org.name).toBe(DEMO_ORG_NAME);
    expect(org.billingPlan).toBe("card");
    const user = await db.user.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email }, include: { memberships: true } });
    expect(user.memberships).toEqual([expect.objectContaining({ orgId: org.id, role: "admin" })]);
    expect(await verifyPassword(DEMO_ADMIN.password, user.passwordHash!)).toBe(true);

    const firstKey = await db.apiKey.findUniqueOrThrow({ where: { secretHash: hashKeySecret(first.apiKey!) } });
    expect(firstKey).toMatchObject({ orgId: org.id, name: DEMO_KEY_NAME, revokedAt: null, createdById: user.id });
    expect([...firstKey.scopes].sort()).toEqual(["attendees_read", "attendees_write", "engagement_read", "events_read"]);
    const eventsBefore = await db.event.count({ where: { orgId: org.id } });
    const attendeesBefore = await db.attendee.count({ where: { event: { orgId: org.id } } });

    const second = await prepareDemoWorkspace();
    expect(second.created).toBe(false);
    expect(second.orgId).toBe(first.orgId);
    expect(second.seeded).toBeUndefined();
    expect(second.consoleUrl).toBeUndefined();
    expect(second.apiKey).not.toBe(first.apiKey);
    // The data is kept, the old key is revoked, the new one is the only live demo key.
    expect(await db.event.count({ where: { orgId: org.id } })).toBe(eventsBefore);
    expect(await db.attendee.count({ where: { event: { orgId: org.id } } })).toBe(attendeesBefore);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: firstKey.id } })).revokedAt).toBeInstanceOf(Date);
    const live = await db.apiKey.findMany({ where: { orgId: org.id, name: DEMO_KEY_NAME, revokedAt: null } });
    expect(live.map((key) => key.secretHash)).toEqual([hashKeySecret(second.apiKey!)]);
    expect(await db.organization.count({ where: { name: DEMO_ORG_NAME } })).toBe(1);
  });
});
