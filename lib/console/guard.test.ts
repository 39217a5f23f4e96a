import { randomBytes } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { createTestOrg } from "@/lib/testing/fixtures";
import { createConsoleUser } from "@/lib/testing/console-session";

// The console's one authorization check, and the server actions that rely on it: a
// non-member gets a 404, a member can read but not mutate, an admin can mutate. The
// session is the only thing stubbed (it needs a request); the database is real.

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", async () => (await import("@/lib/testing/console-session")).sessionModule(session));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));
// The request's cookies: only the console's time-zone cookie is read by the actions.
const cookieJar = vi.hoisted(() => ({ tz: undefined as string | undefined }));
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (name === "tz" && cookieJar.tz ? { name, value: cookieJar.tz } : undefined) }),
}));

const { requireAdmin, requireMember } = await import("./guard");
const keyActions = await import("@/app/console/[orgId]/api-keys/actions");
const memberActions = await import("@/app/console/[orgId]/members/actions");

type Org = Awaited<ReturnType<typeof createTestOrg>>;
let org: Org;
let otherOrg: Org;
let admin: SessionUser;
let member: SessionUser;
let outsider: SessionUser;


function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

const isNotFound = (error: unknown) => (error as { digest?: string })?.digest === "NEXT_HTTP_ERROR_FALLBACK;404";

beforeAll(async () => {
  org = await createTestOrg({ plan: "card" });
  otherOrg = await createTestOrg({ plan: "card" });
  admin = await createConsoleUser(org.id, "admin");
  member = await createConsoleUser(org.id, "member");
  outsider = await createConsoleUser(otherOrg.id, "admin");
});

beforeEach(() => {
  session.user = null;
});

describe("requireMember / requireAdmin", () => {
  it("sends someone who is not signed in to sign in", async () => {
    const error = await caught(requireMember(org.id));
    expect((error as { digest?: string }).digest).toMatch(/^NEXT_REDIRECT/);
  });

  it.each([
    ["another organization's id", () => org.id],
    ["an id that exists nowhere", () => "00000000-0000-4000-8000-000000000000"],
    ["a malformed id", () => "not-a-uuid"],
  ])("gives a non-member a 404 for %s", async (_name, orgIdOf) => {
    session.user = outsider;
    expect(isNotFound(await caught(requireMember(orgIdOf())))).toBe(true);
    expect(isNotFound(await caught(requireAdmin(orgIdOf())))).toBe(true);
  });

  it("lets a member read and refuses them admin rights", async () => {
    session.user = member;
    const context = await requireMember(org.id);
    expect([context.org.id, context.membership.role, context.user.id]).toEqual([org.id, "member", member.id]);
    const error = await caught(requireAdmin(org.id));
    expect(error).toBeInstanceOf(AppError);
    expect([(error as AppError).code, (error as AppError).details?.reason]).toEqual(["FORBIDDEN", "admin_required"]);
  });

  it("lets an admin through", async () => {
    session.user = admin;
    const context = await requireAdmin(org.id);
    expect([context.org.id, context.membership.role]).toEqual([org.id, "admin"]);
  });
});

describe("console actions enforce the guard on the server", () => {
  const keyCount = () => getDb().apiKey.count({ where: { orgId: org.id } });
  const createKeyForm = (orgId: string) => form({ orgId, name: "From a test", scopes: ["events:read"] });

  it("refuses key creation by a member and writes nothing", async () => {
    session.user = member;
    const before = await keyCount();
    const result = await keyActions.createKeyAction(null, createKeyForm(org.id));
    expect(result).toMatchObject({ ok: false, code: "FORBIDDEN", reason: "admin_required" });
    expect(await keyCount()).toBe(before);
  });

  it("answers a non-member with not found and writes nothing", async () => {
    session.user = outsider;
    const before = await keyCount();
    const result = await keyActions.createKeyAction(null, createKeyForm(org.id));
    expect(result).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await keyCount()).toBe(before);
  });

  it("creates a key for an admin, shows the secret once and records the creator", async () => {
    session.user = admin;
    const result = await keyActions.createKeyAction(null, form({ orgId: org.id, name: "CRM", scopes: ["events:read", "attendees:read"] }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.secret).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
    expect(result.data.scopes).toEqual(["events:read", "attendees:read"]);
    const row = await getDb().apiKey.findUniqueOrThrow({ where: { id: result.data.id } });
    expect(row.createdById).toBe(admin.id);
    expect(JSON.stringify(row)).not.toContain(result.data.secret);
  });

  it("reads a picked expiry day in the admin's zone: the browser's, else the console's cookie", async () => {
    session.user = admin;
    const sent = await keyActions.createKeyAction(null, form({ orgId: org.id, name: "Zoned", scopes: ["events:read"], expiresOn: "2031-06-30", timeZone: "America/Los_Angeles" }));
    cookieJar.tz = "America/Los_Angeles";
    const fromCookie = await keyActions.createKeyAction(null, form({ orgId: org.id, name: "No script", scopes: ["events:read"], expiresOn: "2031-06-30" }));
    cookieJar.tz = undefined;
    for (const result of [sent, fromCookie]) {
      if (!result.ok) throw new Error(result.message);
      const row = await getDb().apiKey.findUniqueOrThrow({ where: { id: result.data.id } });
      expect(row.expiresAt?.toISOString()).toBe("2031-07-01T06:59:59.999Z");
    }
  });

  it("returns createKeySchema's field errors for bad input", async () => {
    session.user = admin;
    const result = await keyActions.createKeyAction(null, form({ orgId: org.id, name: " ", expiresOn: "2001-01-01" }));
    expect(result).toMatchObject({ ok: false, code: "INVALID_INPUT", reason: "invalid_body" });
    expect(!result.ok && Object.keys(result.fields ?? {}).sort()).toEqual(["expiresAt", "name", "scopes"]);
  });

  it("stores the allowed IP ranges typed in the form, normalised", async () => {
    session.user = admin;
    const result = await keyActions.createKeyAction(
      null,
      form({ orgId: org.id, name: "Fenced", scopes: ["events:read"], allowedIps: "203.0.113.9/24\n2001:DB8::/32, 198.51.100.7" }),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.data.allowedIps).toEqual(["203.0.113.0/24", "2001:db8::/32", "198.51.100.7/32"]);
    const row = await getDb().apiKey.findUniqueOrThrow({ where: { id: result.data.id } });
    expect(row.allowedIps).toEqual(["203.0.113.0/24", "2001:db8::/32", "198.51.100.7/32"]);
  });

  it.each([
    ["a malformed range", "203.0.113.0/24\n10.0.0.300", "“10.0.0.300”"],
    ["a prefix too long", "2001:db8::/129", "“2001:db8::/129”"],
    ["21 ranges", Array.from({ length: 21 }, (_, i) => `10.${i}.0.0/16`).join("\n"), "at most 20"],
  ])("refuses %s with a field error and writes nothing", async (_case, allowedIps, text) => {
    session.user = admin;
    const before = await keyCount();
    const result = await keyActions.createKeyAction(null, form({ orgId: org.id, name: "Bad ranges", scopes: ["events:read"], allowedIps }));
    expect(result).toMatchObject({ ok: false, code: "INVALID_INPUT", reason: "invalid_body" });
    expect(!result.ok && Object.keys(result.fields ?? {})).toEqual(["allowedIps"]);
    expect(!result.ok && result.fields?.allowedIps).toContain(text);
    expect(await keyCount()).toBe(before);
  });

  it("refuses key creation while integrations are locked, with the API's reason", async () => {
    const lockedOrg = await createTestOrg({ plan: "free" });
    session.user = await createConsoleUser(lockedOrg.id, "admin");
    const result = await keyActions.createKeyAction(null, createKeyForm(lockedOrg.id));
    expect(result).toMatchObject({ ok: false, code: "PAYMENT_REQUIRED", reason: "payment_required" });
    expect(await getDb().apiKey.count({ where: { orgId: lockedOrg.id } })).toBe(0);
  });

  it("lets only an admin of the key's organization revoke it, idempotently", async () => {
    session.user = admin;
    const created = await keyActions.createKeyAction(null, createKeyForm(org.id));
    if (!created.ok) throw new Error(created.message);
    const keyId = created.data.id;
    const revoked = () => getDb().apiKey.findUniqueOrThrow({ where: { id: keyId } }).then((k) => k.revokedAt);

    session.user = member;
    expect(await keyActions.revokeKeyAction(null, form({ orgId: org.id, keyId }))).toMatchObject({ ok: false, reason: "admin_required" });
    session.user = outsider;
    // Their own organization in the form, someone else's key: the key is not found.
    expect(await keyActions.revokeKeyAction(null, form({ orgId: otherOrg.id, keyId }))).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await keyActions.revokeKeyAction(null, form({ orgId: org.id, keyId }))).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await revoked()).toBeNull();

    session.user = admin;
    expect(await keyActions.revokeKeyAction(null, form({ orgId: org.id, keyId }))).toMatchObject({ ok: true });
    const first = await revoked();
    expect(first).not.toBeNull();
    expect(await keyActions.revokeKeyAction(null, form({ orgId: org.id, keyId }))).toMatchObject({ ok: true });
    expect(await revoked()).toEqual(first);
  });

  it("lets only admins invite and revoke invitations", async () => {
    const inviteCount = () => getDb().invite.count({ where: { orgId: org.id } });
    const address = `invitee-${randomBytes(3).toString("hex")}@example.com`;
    session.user = member;
    expect(await memberActions.createInviteAction(null, form({ orgId: org.id, email: address, role: "admin" }))).toMatchObject({
      ok: false,
      reason: "admin_required",
    });
    expect(await inviteCount()).toBe(0);

    session.user = admin;
    const created = await memberActions.createInviteAction(null, form({ orgId: org.id, email: address, role: "admin" }));
    expect(created.ok && created.data.path).toMatch(/^\/invite\/[A-Za-z0-9_-]{43}$/);
    const invite = await getDb().invite.findFirstOrThrow({ where: { orgId: org.id } });

    session.user = member;
    expect(await memberActions.revokeInviteAction(null, form({ orgId: org.id, inviteId: invite.id }))).toMatchObject({ ok: false, reason: "admin_required" });
    session.user = admin;
    expect(await memberActions.revokeInviteAction(null, form({ orgId: org.id, inviteId: invite.id }))).toMatchObject({ ok: true });
    expect(await inviteCount()).toBe(0);
  });
});
