import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { createConsoleUser } from "@/lib/testing/console-session";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { summaryLines } from "@/lib/console/audit-log";

// The audit entries the console's server actions write, through the actions themselves
// with a real database (only the session, the cookies and revalidation are stubbed): one
// entry per change with the signed-in admin as actor, the action, the target and a summary
// of what changed; none for a refused change; never a secret in a summary.

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", async () => (await import("@/lib/testing/console-session")).sessionModule(session));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));
vi.mock("next/headers", () => ({ cookies: async () => ({ get: () => undefined }) }));

const keyActions = await import("@/app/console/[orgId]/api-keys/actions");
const webhookActions = await import("@/app/console/[orgId]/webhooks/actions");
const recoveryActions = await import("@/app/console/[orgId]/webhooks/recovery-actions");
const sourceActions = await import("@/app/console/[orgId]/data-sources/actions");
const memberActions = await import("@/app/console/[orgId]/members/actions");

let orgId: string;
let eventId: string;
let admin: SessionUser;
let member: SessionUser;
let outsider: SessionUser;

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(name, item);
  return data;
}

/** The entries written since `since` (newest last) for this organization. */
async function entriesSince(since: Date, org = orgId) {
  return getDb().auditEntry.findMany({ where: { orgId: org, at: { gte: since } }, orderBy: [{ at: "asc" }, { id: "asc" }] });
}

async function auditCount(org = orgId) {
  return getDb().auditEntry.count({ where: { orgId: org } });
}

function ok<T>(result: { ok: boolean; message: string; data?: T }): T {
  if (!result.ok) throw new Error(result.message);
  return result.data as T;
}

const actorOf = (user: SessionUser) => ({ actorType: "user", actorId: user.id, actorLabel: user.email });

beforeAll(async () => {
  orgId = (await createTestOrg({ plan: "card" })).id;
  eventId = (await createTestEvent(orgId)).id;
  admin = await createConsoleUser(orgId, "admin");
  member = await createConsoleUser(orgId, "member");
  outsider = await createConsoleUser((await createTestOrg({ plan: "card" })).id, "admin");
});

describe("API keys", () => {
  it("records creation and revocation with the admin as actor, never the key", async () => {
    session.user = admin;
    const since = new Date();
    const key = ok(await keyActions.createKeyAction(null, form({ orgId, name: "CRM sync", scopes: ["events:read", "attendees:read"] })));
    ok(await keyActions.revokeKeyAction(null, form({ orgId, keyId: key.id })));
    // Revoking again changes nothing and records nothing.
    ok(await keyActions.revokeKeyAction(null, form({ orgId, keyId: key.id })));
    // The IP allowlist is a security setting fixed at creation: recorded as the key keeps it.
    const fenced = ok(await keyActions.createKeyAction(null, form({ orgId, name: "Door scanner", scopes: ["attendees:read"], allowedIps: "203.0.113.7\n2001:DB8::/32" })));
    const entries = await entriesSince(since);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({
      ...actorOf(admin),
      action: "api_key.created",
      targetType: "api_key",
      targetId: key.id,
      targetLabel: `CRM sync (${key.prefix})`,
      summary: { name: "CRM sync", scopes: ["events:read", "attendees:read"], expiresAt: null, allowedIps: [] },
    });
    expect(entries[1]).toMatchObject({ ...actorOf(admin), action: "api_key.revoked", targetId: key.id });
    expect(entries[2]).toMatchObject({ action: "api_key.created", targetId: fenced.id, summary: { allowedIps: ["203.0.113.7/32", "2001:db8::/32"] } });
    expect(summaryLines(entries[0].summary)).toContainEqual({ field: "allowed IPs", text: "any address" });
    expect(summaryLines(entries[2].summary)).toContainEqual({ field: "allowed IPs", text: "203.0.113.7/32, 2001:db8::/32" });
    expect(JSON.stringify(entries)).not.toContain(key.secret);
    expect(JSON.stringify(entries)).not.toContain(key.secret.slice(key.prefix.length));
  });

  it("records nothing for a refused change: bad input, a member, another organization", async () => {
    const before = await auditCount();
    session.user = admin;
    expect(await keyActions.createKeyAction(null, form({ orgId, name: "", scopes: [] }))).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    session.user = member;
    expect(await keyActions.createKeyAction(null, form({ orgId, name: "x", scopes: ["events:read"] }))).toMatchObject({ ok: false, code: "FORBIDDEN" });
    session.user = outsider;
    expect(await keyActions.createKeyAction(null, form({ orgId, name: "x", scopes: ["events:read"] }))).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await auditCount()).toBe(before);
  });
});

describe("webhook endpoints", () => {
  it("records create, edit, disable, enable, secret roll, recovery and delete, with no signing secret", async () => {
    session.user = admin;
    const since = new Date();
    const created = ok(await webhookActions.createEndpointAction(null, form({ orgId, url: "http://127.0.0.1:9/a", eventTypes: ["attendee.created"], description: "CRM" })));
    const endpointId = created.id;
    ok(await webhookActions.updateEndpointAction(null, form({ orgId, endpointId, url: "http://127.0.0.1:9/b", eventTypes: ["attendee.created", "session.created"], description: "CRM" })));
    ok(await webhookActions.setEndpointEnabledAction(null, form({ orgId, endpointId, enabled: "false" })));
    ok(await webhookActions.setEndpointEnabledAction(null, form({ orgId, endpointId, enabled: "true" })));
    const rolled = ok(await webhookActions.rollSecretAction(null, form({ orgId, endpointId })));
    ok(await recoveryActions.recoverDeliveriesAction(form({ orgId, endpointId, since: new Date(Date.now() - 3600_000).toISOString() })));
    ok(await webhookActions.deleteEndpointAction(null, form({ orgId, endpointId })));

    const entries = await entriesSince(since);
    expect(entries.map((entry) => entry.action)).toEqual([
      "webhook_endpoint.created",
      "webhook_endpoint.updated",
      "webhook_endpoint.disabled",
      "webhook_endpoint.enabled",
      "webhook_endpoint.secret_rolled",
      "webhook_endpoint.recovered",
      "webhook_endpoint.deleted",
    ]);
    for (const entry of entries) expect(entry).toMatchObject({ ...actorOf(admin), targetType: "webhook_endpoint", targetId: endpointId });
    // The whole configuration at creation, the settings left at their defaults included.
    expect(entries[0].summary).toEqual({
      url: "http://127.0.0.1:9/a", eventTypes: ["attendee.created"], description: "CRM", eventIds: [], filter: null, transform: null, format: "json",
    });
    // Only what changed: the description stayed.
    expect(entries[1].summary).toEqual({
      url: { from: "http://127.0.0.1:9/a", to: "http://127.0.0.1:9/b" },
      eventTypes: { from: ["attendee.created"], to: ["attendee.created", "session.created"] },
    });
    expect(entries[5].summary).toMatchObject({ recovered: 0 });
    const text = JSON.stringify(entries);
    for (const secret of [created.secret, rolled.secret]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(12));
    }
  });

  it("records nothing when the edit changes nothing, or is refused", async () => {
    session.user = admin;
    const { id: endpointId } = ok(await webhookActions.createEndpointAction(null, form({ orgId, url: "http://127.0.0.1:9/c", eventTypes: ["attendee.created"] })));
    const before = await auditCount();
    ok(await webhookActions.updateEndpointAction(null, form({ orgId, endpointId, url: "http://127.0.0.1:9/c", eventTypes: ["attendee.created"] })));
    expect(await webhookActions.updateEndpointAction(null, form({ orgId, endpointId, url: "ftp://x", eventTypes: ["attendee.created"] }))).toMatchObject({ ok: false });
    session.user = outsider;
    expect(await webhookActions.deleteEndpointAction(null, form({ orgId, endpointId }))).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await auditCount()).toBe(before);
  });
});

describe("data sources", () => {
  const draft = (overrides: Record<string, unknown> = {}) => ({
    name: "Registrations",
    eventId,
    target: "attendees",
    url: "http://127.0.0.1:9/people",
    headers: [{ name: "X-Api-Key", value: "header-value-5f1c" }],
    auth: { type: "bearer", token: "bearer-secret-77aa" },
    recordsPath: "items",
    nextPagePath: null,
    schedule: "manual",
    mapping: { fields: { email: { path: "email" } } },
    ...overrides,
  });

  it("records create, edit and delete with public settings only, never a credential or header value", async () => {
    session.user = admin;
    const since = new Date();
    const { id } = ok(await sourceActions.createDataSourceAction(null, form({ orgId, payload: JSON.stringify(draft()) })));
    ok(
      await sourceActions.updateDataSourceAction(
        null,
        form({ orgId, dataSourceId: id, payload: JSON.stringify({ name: "Registrations v2", schedule: "daily", auth: { type: "bearer", token: "rotated-secret-93bd" } }) }),
      ),
    );
    ok(await sourceActions.deleteDataSourceAction(null, form({ orgId, dataSourceId: id })));
    const entries = await entriesSince(since);
    expect(entries.map((entry) => entry.action)).toEqual(["data_source.created", "data_source.updated", "data_source.deleted"]);
    for (const entry of entries) expect(entry).toMatchObject({ ...actorOf(admin), targetType: "data_source", targetId: id });
    expect(entries[0].summary).toMatchObject({ name: "Registrations", url: "http://127.0.0.1:9/people", headerNames: ["X-Api-Key"], auth: { type: "bearer" }, schedule: "manual" });
    expect(entries[1].summary).toEqual({
      name: { from: "Registrations", to: "Registrations v2" },
      schedule: { from: "manual", to: "daily" },
      credential: "replaced",
    });
    const text = JSON.stringify(entries);
    for (const secret of ["header-value-5f1c", "bearer-secret-77aa", "rotated-secret-93bd"]) expect(text).not.toContain(secret);
  });

  it("records nothing for a refused create (bad input, another organization's event)", async () => {
    const before = await auditCount();
    session.user = admin;
    expect(await sourceActions.createDataSourceAction(null, form({ orgId, payload: JSON.stringify(draft({ mapping: { fields: {} } })) }))).toMatchObject({ ok: false });
    session.user = outsider;
    expect(await sourceActions.createDataSourceAction(null, form({ orgId, payload: JSON.stringify(draft()) }))).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await auditCount()).toBe(before);
  });
});

describe("members and invitations", () => {
  it("records invitations sent and revoked, role changes and removals, never the invitation link", async () => {
    session.user = admin;
    const since = new Date();
    const invited = ok(await memberActions.createInviteAction(null, form({ orgId, email: "new.person@example.com", role: "member" })));
    const invite = await getDb().invite.findFirstOrThrow({ where: { orgId, email: "new.person@example.com" } });
    ok(await memberActions.revokeInviteAction(null, form({ orgId, inviteId: invite.id })));
    const colleague = await createConsoleUser(orgId, "member");
    const membershipId = (await getDb().membership.findFirstOrThrow({ where: { orgId, userId: colleague.id } })).id;
    ok(await memberActions.changeMemberRoleAction(null, form({ orgId, membershipId, role: "admin" })));
    // The same role again is no change: nothing recorded.
    ok(await memberActions.changeMemberRoleAction(null, form({ orgId, membershipId, role: "admin" })));
    ok(await memberActions.removeMemberAction(null, form({ orgId, membershipId })));

    const entries = await entriesSince(since);
    expect(entries.map((entry) => [entry.action, entry.targetType, entry.targetLabel])).toEqual([
      ["invitation.sent", "invitation", "new.person@example.com"],
      ["invitation.revoked", "invitation", "new.person@example.com"],
      ["member.role_changed", "member", colleague.email],
      ["member.removed", "member", colleague.email],
    ]);
    for (const entry of entries) expect(entry).toMatchObject(actorOf(admin));
    expect(entries[0].summary).toMatchObject({ email: "new.person@example.com", role: "member" });
    expect(entries[2].summary).toEqual({ role: { from: "member", to: "admin" } });
    const token = invited.path.split("/").at(-1)!;
    expect(JSON.stringify(entries)).not.toContain(token);
  });

  it("records nothing when the last admin's demotion is refused", async () => {
    const org = (await createTestOrg({ plan: "card" })).id;
    const only = await createConsoleUser(org, "admin");
    const membershipId = (await getDb().membership.findFirstOrThrow({ where: { orgId: org, userId: only.id } })).id;
    session.user = only;
    expect(await memberActions.changeMemberRoleAction(null, form({ orgId: org, membershipId, role: "member" }))).toMatchObject({ ok: false, code: "CONFLICT" });
    expect(await memberActions.removeMemberAction(null, form({ orgId: org, membershipId }))).toMatchObject({ ok: false, code: "CONFLICT" });
    expect(await auditCount(org)).toBe(0);
  });
});
