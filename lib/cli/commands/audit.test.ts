import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestOrg } from "@/lib/testing/fixtures";
import { runCli } from "../run-cli";

// Changes made through the operator CLI are recorded with the operator as actor, and
// audit:list prints an organization's log as JSON (newest first, --action, --limit).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Parsed = Record<string, any>;

async function cli(...argv: string[]): Promise<{ code: number; out: Parsed | null; error: Parsed | null; stdout: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, out: stdout ? JSON.parse(stdout) : null, error: stderr ? JSON.parse(stderr).error : null, stdout };
}

async function ok(...argv: string[]): Promise<Parsed> {
  const result = await cli(...argv);
  expect(result.error, JSON.stringify(result.error)).toBeNull();
  expect(result.code).toBe(0);
  return result.out!;
}

describe("operator changes in the audit log", () => {
  it("records each change with the operator as actor and lists them, newest first, with no secret", async () => {
    const orgId = (await ok("org:create", "--name", "Audited by the operator")).org.id as string;
    await ok("billing:set", "--org", orgId, "--plan", "card");
    const key = (await ok("key:create", "--org", orgId, "--name", "Ops key", "--scopes", "events:read")).key;
    await ok("key:revoke", "--key", key.id);
    const endpoint = (await ok("webhook:create", "--org", orgId, "--url", "http://127.0.0.1:9/ops", "--events", "attendee.created")).endpoint;
    const rolled = (await ok("webhook:roll-secret", "--endpoint", endpoint.id)).endpoint;
    await ok("webhook:update", "--endpoint", endpoint.id, "--enabled", "false");
    await ok("webhook:delete", "--endpoint", endpoint.id);
    await ok("admin:create", "--org", orgId, "--email", `ops-admin-${orgId.slice(0, 8)}@example.com`, "--password", "a long enough password");
    await ok("org:set-status", "--org", orgId, "--status", "suspended");
    // Setting the status it already has changes nothing and records nothing.
    await ok("org:set-status", "--org", orgId, "--status", "suspended");

    const listed = await cli("audit:list", "--org", orgId);
    expect(listed.code).toBe(0);
    const entries = listed.out!.entries as Parsed[];
    expect(entries.map((entry) => entry.action)).toEqual([
      "organization.status_changed",
      "member.added",
      "webhook_endpoint.deleted",
      "webhook_endpoint.disabled",
      "webhook_endpoint.secret_rolled",
      "webhook_endpoint.created",
      "api_key.revoked",
      "api_key.created",
      "billing.changed",
    ]);
    for (const entry of entries) expect(entry.actor).toEqual({ type: "operator", id: null, label: "operator" });
    expect(entries[0]).toMatchObject({ target: { type: "organization", id: orgId }, summary: { status: { from: "active", to: "suspended" } } });
    expect(entries.at(-1)).toMatchObject({ summary: { plan: { from: "free", to: "card" } } });
    for (const secret of [key.secret, endpoint.secret, rolled.secret]) expect(listed.stdout).not.toContain(secret);
    expect(listed.stdout).not.toContain("a long enough password");

    const keysOnly = await ok("audit:list", "--org", orgId, "--action", "api_key.created", "--limit", "5");
    expect(keysOnly.entries).toHaveLength(1);
    expect(keysOnly.entries[0]).toMatchObject({ action: "api_key.created", target: { id: key.id, label: `Ops key (${key.prefix})` } });
    expect((await ok("audit:list", "--org", orgId, "--limit", "2")).entries).toHaveLength(2);
  });

  it("records nothing for a refused change, and refuses bad flags and unknown organizations", async () => {
    const orgId = (await createTestOrg({ plan: "card" })).id;
    expect((await cli("key:create", "--org", orgId, "--name", "", "--scopes", "events:read")).error).toMatchObject({ code: "INVALID_INPUT" });
    expect((await cli("billing:set", "--org", orgId, "--plan", "annual")).error).toMatchObject({ code: "INVALID_INPUT" });
    expect(await getDb().auditEntry.count({ where: { orgId } })).toBe(0);
    expect((await ok("audit:list", "--org", orgId)).entries).toEqual([]);

    expect((await cli("audit:list", "--org", "3f0e5a9c-0000-4000-8000-00000000dead")).error).toMatchObject({ code: "NOT_FOUND" });
    expect((await cli("audit:list", "--org", orgId, "--limit", "0")).error).toMatchObject({ code: "INVALID_INPUT" });
    expect((await cli("audit:list", "--org", orgId, "--since", "x")).error).toMatchObject({ code: "INVALID_INPUT" });
  });
});
