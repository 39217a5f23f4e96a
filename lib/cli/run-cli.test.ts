import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { isolateDatabase } from "@/lib/testing/isolated-database";
import { runCli } from "./run-cli";

// platform:integrations flips a platform-wide switch: this file gets its own database.
isolateDatabase();

// The operator CLI in-process: one JSON object on stdout and exit 0, or
// { error: { code, message, details? } } on stderr and exit 1, and nothing written.

// Parsed JSON that the assertions below probe freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Parsed = Record<string, any>;

type CliResult = {
  code: number;
  out: Parsed | null;
  error: { code: string; message: string; details?: Parsed } | null;
  stdout: string;
  stderr: string;
};

async function cli(...argv: string[]): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return {
    code,
    out: stdout ? JSON.parse(stdout) : null,
    error: stderr ? JSON.parse(stderr).error : null,
    stdout,
    stderr,
  };
}

function expectSuccess(result: CliResult) {
  expect(result.stderr, result.stderr).toBe("");
  expect(result.code).toBe(0);
  expect(result.stdout.endsWith("\n")).toBe(true);
  expect(result.stdout.trim().split("\n")).toHaveLength(1);
  return result.out!;
}

function expectFailure(result: CliResult, code: string) {
  expect(result.stdout).toBe("");
  expect(result.code).toBe(1);
  expect(result.error, result.stderr).toMatchObject({ code, message: expect.any(String) });
  expect(result.error!.message.length).toBeGreaterThan(0);
  return result.error!;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const tag = randomUUID().slice(0, 8);

async function newOrg(name: string, plan?: "card" | "free") {
  const org = expectSuccess(await cli("org:create", "--name", `${name} ${tag}`)).org;
  if (plan === "card") expectSuccess(await cli("billing:set", "--org", org.id, "--plan", "card"));
  return org.id as string;
}

const keyCount = (orgId: string) => getDb().apiKey.count({ where: { orgId } });

describe("operator CLI: org:create", () => {
  it("creates an organization and prints it", async () => {
    const out = expectSuccess(await cli("org:create", "--name", `Contoso Events ${tag}`));
    expect(out).toEqual({ org: { id: expect.stringMatching(UUID), name: `Contoso Events ${tag}` } });
    const row = await getDb().organization.findUniqueOrThrow({ where: { id: out.org.id } });
    expect(row).toMatchObject({ name: `Contoso Events ${tag}`, status: "active", billingPlan: "free" });
  });

  it("accepts --flag=value", async () => {
    const out = expectSuccess(await cli("org:create", `--name=Fabrikam Live ${tag}`));
    expect(out.org.name).toBe(`Fabrikam Live ${tag}`);
  });

  it.each([
    { case: "blank name", argv: ["--name", "   "], field: "name" },
    { case: "name over 200 characters", argv: ["--name", "x".repeat(201)], field: "name" },
  ])("refuses a $case and writes nothing", async ({ argv, field }) => {
    const before = await getDb().organization.count();
    const error = expectFailure(await cli("org:create", ...argv), "INVALID_INPUT");
    expect(error.details?.fields).toHaveProperty(field);
    // Other test files may create organizations concurrently; none with this name exists.
    expect(await getDb().organization.count({ where: { name: argv[1].trim() } })).toBe(0);
    expect(before).toBeGreaterThan(0);
  });
});

describe("operator CLI: admin:create", () => {
  let orgId: string;
  beforeAll(async () => {
    orgId = await newOrg("Admin test org");
  });

  it("creates an admin who is a member of the organization", async () => {
    const email = `Ada.Admin-${tag}@example.com`;
    const out = expectSuccess(await cli("admin:create", "--org", orgId, "--email", email, "--password", "correct horse battery"));
    expect(out).toEqual({ user: { id: expect.stringMatching(UUID), email } });
    const membership = await getDb().membership.findFirstOrThrow({ where: { orgId, userId: out.user.id } });
    expect(membership.role).toBe("admin");
    const user = await getDb().user.findUniqueOrThrow({ where: { id: out.user.id } });
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(user.passwordHash).not.toContain("correct horse battery");
  });

  it("answers CONFLICT when the user is already a member", async () => {
    const email = `twice-${tag}@example.com`;
    expectSuccess(await cli("admin:create", "--org", orgId, "--email", email, "--password", "long-enough-password"));
    const error = expectFailure(
      await cli("admin:create", "--org", orgId, "--email", email.toUpperCase(), "--password", "long-enough-password"),
      "CONFLICT",
    );
    expect(error.details?.reason).toBe("already_member");
  });

  it.each([
    { case: "a bad email", org: () => orgId, email: "not-an-email", password: "long-enough-password", code: "INVALID_INPUT", field: "email" },
    { case: "a short password", org: () => orgId, email: `short-${tag}@example.com`, password: "short", code: "INVALID_INPUT", field: "password" },
    { case: "an unknown org id", org: () => randomUUID(), email: `unknown-${tag}@example.com`, password: "long-enough-password", code: "NOT_FOUND" },
    { case: "a malformed org id", org: () => "org-123", email: `malformed-${tag}@example.com`, password: "long-enough-password", code: "NOT_FOUND" },
  ])("refuses $case with a clear error and writes nothing", async ({ org, email, password, code, field }) => {
    const db = getDb();
    const membersBefore = await db.membership.count({ where: { orgId } });
    const error = expectFailure(await cli("admin:create", "--org", org(), "--email", email, "--password", password), code);
    if (field) {
      expect(error.message).toBe("Validation failed");
      expect(error.details?.reason).toBe("invalid_body");
      expect(Object.keys(error.details?.fields ?? {})).toEqual([field]);
    } else {
      expect(error.message).toBe("No such organization.");
    }
    expect(await getDb().user.count({ where: { email } })).toBe(0);
    expect(await getDb().membership.count({ where: { orgId } })).toBe(membersBefore);
  });
});

describe("operator CLI: key:create and key:revoke", () => {
  let cardOrg: string;
  let freeOrg: string;
  beforeAll(async () => {
    cardOrg = await newOrg("Card org", "card");
    freeOrg = await newOrg("Free org");
  });

  it("creates a key whose secret is shown once and stored only as a sha256 hash", async () => {
    const out = expectSuccess(
      await cli("key:create", "--org", cardOrg, "--name", "CRM sync", "--scopes", "events:read, attendees:read"),
    );
    const { key } = out;
    expect(key).toEqual({
      id: expect.stringMatching(UUID),
      prefix: expect.any(String),
      secret: expect.stringMatching(/^svc_live_[A-Za-z0-9]{32}$/),
      scopes: ["events:read", "attendees:read"],
      expiresAt: null,
      allowedIps: [],
    });
    expect(key.prefix).toBe(key.secret.slice(0, 13));

    const row = await getDb().apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(row.secretHash).toBe(createHash("sha256").update(key.secret).digest("hex"));
    expect(row).toMatchObject({ orgId: cardOrg, name: "CRM sync", prefix: key.prefix, revokedAt: null, expiresAt: null });
    expect(row.scopes).toEqual(["events_read", "attendees_read"]);
    // No column holds the secret or its random part.
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(key.secret);
    expect(stored).not.toContain(key.secret.slice(9));
  });

  it("creates a key with all four scopes and a future expiry", async () => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const out = expectSuccess(
      await cli(
        "key:create", "--org", cardOrg, "--name", "Warehouse", "--scopes",
        "events:read,attendees:read,attendees:write,engagement:read", "--expires-at", expiresAt,
      ),
    );
    expect(out.key.scopes).toHaveLength(4);
    expect(new Date(out.key.expiresAt).toISOString()).toBe(expiresAt);
  });

  it.each([
    { case: "an unknown org", org: () => randomUUID(), scopes: "events:read", code: "NOT_FOUND" },
    { case: "a bad scope name", org: () => cardOrg, scopes: "events:write", code: "INVALID_INPUT" },
    { case: "five scopes", org: () => cardOrg, scopes: "events:read,attendees:read,attendees:write,engagement:read,events:read", code: "INVALID_INPUT" },
    { case: "duplicate scopes", org: () => cardOrg, scopes: "events:read,events:read", code: "INVALID_INPUT" },
    { case: "an empty scope list", org: () => cardOrg, scopes: "", code: "INVALID_INPUT" },
    { case: "a past expiry", org: () => cardOrg, scopes: "events:read", extra: ["--expires-at", "2020-01-01T00:00:00Z"], code: "INVALID_INPUT" },
    { case: "a malformed expiry", org: () => cardOrg, scopes: "events:read", extra: ["--expires-at", "next tuesday"], code: "INVALID_INPUT" },
    { case: "the free plan", org: () => freeOrg, scopes: "events:read", code: "PAYMENT_REQUIRED", reason: "payment_required" },
  ])("refuses $case and writes nothing", async ({ org, scopes, extra = [], code, reason }) => {
    const orgId = org();
    const [cardBefore, freeBefore, targetBefore] = await Promise.all([keyCount(cardOrg), keyCount(freeOrg), keyCount(orgId)]);
    const error = expectFailure(await cli("key:create", "--org", orgId, "--name", "Nope", "--scopes", scopes, ...extra), code);
    if (code === "INVALID_INPUT") {
      expect(error.details?.reason).toBe("invalid_body");
      expect(Object.keys(error.details?.fields ?? {}).length + (error.details?.issues?.length ?? 0)).toBeGreaterThan(0);
    }
    if (reason) expect(error.details?.reason).toBe(reason);
    expect(await keyCount(cardOrg)).toBe(cardBefore);
    expect(await keyCount(freeOrg)).toBe(freeBefore);
    expect(await keyCount(orgId)).toBe(targetBefore);
  });

  it("creates a key limited to --allowed-ips, normalised", async () => {
    const { key } = expectSuccess(
      await cli("key:create", "--org", cardOrg, "--name", "Fenced", "--scopes", "events:read", "--allowed-ips", "203.0.113.7, 2001:DB8::/32,203.0.113.7/32"),
    );
    expect(key.allowedIps).toEqual(["203.0.113.7/32", "2001:db8::/32"]);
    expect((await getDb().apiKey.findUniqueOrThrow({ where: { id: key.id } })).allowedIps).toEqual(["203.0.113.7/32", "2001:db8::/32"]);
  });

  it.each([
    ["a malformed range", "203.0.113.0/24,300.1.1.1"],
    ["a bad prefix", "10.0.0.0/33"],
    ["21 ranges", Array.from({ length: 21 }, (_, i) => `10.${i}.0.0/16`).join(",")],
  ])("refuses %s in --allowed-ips with a field error and writes nothing", async (_case, ranges) => {
    const before = await keyCount(cardOrg);
    const error = expectFailure(await cli("key:create", "--org", cardOrg, "--name", "Nope", "--scopes", "events:read", "--allowed-ips", ranges), "INVALID_INPUT");
    expect(Object.keys(error.details?.fields ?? {})).toEqual(["allowedIps"]);
    expect(await keyCount(cardOrg)).toBe(before);
  });

  it("revokes a key idempotently, keeping the first revocation time", async () => {
    const { key } = expectSuccess(await cli("key:create", "--org", cardOrg, "--name", "Temp", "--scopes", "events:read"));
    const first = expectSuccess(await cli("key:revoke", "--key", key.id));
    expect(first).toEqual({ key: { id: key.id, revokedAt: expect.any(String) } });
    const second = expectSuccess(await cli("key:revoke", "--key", key.id));
    expect(second.key.revokedAt).toBe(first.key.revokedAt);
    const row = await getDb().apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(row.revokedAt?.toISOString()).toBe(first.key.revokedAt);
  });

  it.each([
    { case: "an unknown key", key: () => randomUUID() },
    { case: "a malformed key id", key: () => "svc_live_nope" },
  ])("refuses to revoke $case", async ({ key }) => {
    const error = expectFailure(await cli("key:revoke", "--key", key()), "NOT_FOUND");
    expect(error.message).toBe("No such API key.");
  });
});

describe("operator CLI: billing and organization status", () => {
  let orgId: string;
  beforeAll(async () => {
    orgId = await newOrg("Billing org");
  });
  const billingOf = async () => {
    const org = await getDb().organization.findUniqueOrThrow({ where: { id: orgId } });
    return { plan: org.billingPlan, until: org.annualPlanUntil?.toISOString() ?? null, account: org.billingAccountState };
  };

  it.each([
    { case: "card", argv: ["--plan", "card"], billing: { plan: "card", annualUntil: null, account: "active" } },
    {
      case: "annual with an end date",
      argv: ["--plan", "annual", "--annual-until", "2030-06-30T00:00:00Z"],
      billing: { plan: "annual", annualUntil: "2030-06-30T00:00:00.000Z", account: "active" },
    },
    { case: "a suspended account", argv: ["--plan", "card", "--account", "suspended"], billing: { plan: "card", annualUntil: null, account: "suspended" } },
    { case: "free, account active again", argv: ["--plan", "free", "--account", "active"], billing: { plan: "free", annualUntil: null, account: "active" } },
  ])("billing:set $case", async ({ argv, billing }) => {
    const out = expectSuccess(await cli("billing:set", "--org", orgId, ...argv));
    expect(out.org).toMatchObject({ id: orgId, status: "active", billing });
    expect(await billingOf()).toEqual({ plan: billing.plan, until: billing.annualUntil, account: billing.account });
  });

  it.each([
    { case: "annual without --annual-until", argv: ["--plan", "annual"], code: "INVALID_INPUT", field: "annualUntil" },
    { case: "an unknown plan", argv: ["--plan", "gold"], code: "INVALID_INPUT", field: "plan" },
    { case: "an unknown account state", argv: ["--plan", "card", "--account", "frozen"], code: "INVALID_INPUT", field: "account" },
    { case: "a bad date", argv: ["--plan", "annual", "--annual-until", "someday"], code: "INVALID_INPUT", field: "annualUntil" },
  ])("billing:set refuses $case and changes nothing", async ({ argv, code, field }) => {
    const before = await billingOf();
    const error = expectFailure(await cli("billing:set", "--org", orgId, ...argv), code);
    expect(error.details?.fields).toHaveProperty(field);
    expect(await billingOf()).toEqual(before);
  });

  it("billing:set refuses an unknown organization", async () => {
    expectFailure(await cli("billing:set", "--org", randomUUID(), "--plan", "card"), "NOT_FOUND");
  });

  it("org:set-status suspends and reactivates; a suspended organization cannot create keys", async () => {
    expectSuccess(await cli("billing:set", "--org", orgId, "--plan", "card"));
    const suspended = expectSuccess(await cli("org:set-status", "--org", orgId, "--status", "suspended"));
    expect(suspended.org).toMatchObject({ id: orgId, status: "suspended" });
    expect((await getDb().organization.findUniqueOrThrow({ where: { id: orgId } })).status).toBe("suspended");

    const refused = expectFailure(await cli("key:create", "--org", orgId, "--name", "K", "--scopes", "events:read"), "FORBIDDEN");
    expect(refused.details?.reason).toBe("org_suspended");
    expect(await keyCount(orgId)).toBe(0);

    const active = expectSuccess(await cli("org:set-status", "--org", orgId, "--status", "active"));
    expect(active.org.status).toBe("active");
  });

  it.each([
    { case: "an unknown status", argv: ["--org", "ORG", "--status", "deleted"], code: "INVALID_INPUT" },
    { case: "an unknown organization", argv: ["--org", randomUUID(), "--status", "suspended"], code: "NOT_FOUND" },
  ])("org:set-status refuses $case", async ({ argv, code }) => {
    const before = (await getDb().organization.findUniqueOrThrow({ where: { id: orgId } })).status;
    expectFailure(await cli("org:set-status", ...argv.map((arg) => (arg === "ORG" ? orgId : arg))), code);
    expect((await getDb().organization.findUniqueOrThrow({ where: { id: orgId } })).status).toBe(before);
  });
});

describe("operator CLI: platform:integrations", () => {
  afterAll(async () => {
    // Whatever happened above, leave the platform switched on for every other test.
    await cli("platform:integrations", "--enabled", "true");
  });

  it("switches integrations off and back on", async () => {
    // The switch is global: keep the off window as short as possible (other files may run now).
    let off: CliResult;
    try {
      off = await cli("platform:integrations", "--enabled", "false");
    } finally {
      const on = expectSuccess(await cli("platform:integrations", "--enabled", "true"));
      expect(on).toEqual({ platform: { integrationsEnabled: true } });
    }
    expect(expectSuccess(off)).toEqual({ platform: { integrationsEnabled: false } });
    const row = await getDb().platformSetting.findUniqueOrThrow({ where: { id: "platform" } });
    expect(row.integrationsEnabled).toBe(true);
  });

  it("refuses a value other than true or false", async () => {
    const error = expectFailure(await cli("platform:integrations", "--enabled", "yes"), "INVALID_INPUT");
    expect(error.details?.fields).toHaveProperty("enabled");
  });
});

describe("operator CLI: demo commands", () => {
  it("demo:seed seeds an organization", async () => {
    const orgId = await newOrg("Demo seed org");
    const out = expectSuccess(await cli("demo:seed", "--org", orgId, "--events", "3", "--attendees", "30", "--seed", "7"));
    expect(out.seeded.events.map((e: { status: string }) => e.status)).toEqual(["published", "draft", "archived"]);
    expect(out.seeded.events[0].attendees).toBe(30);
    expect(await getDb().event.count({ where: { orgId } })).toBe(3);
  });

  it.each([
    { case: "a non-numeric count", argv: ["--attendees", "lots"] },
    { case: "zero events", argv: ["--events", "0"] },
    { case: "too many attendees", argv: ["--attendees", "9999999"] },
  ])("demo:seed refuses $case", async ({ argv }) => {
    const orgId = await newOrg("Demo refused org");
    expectFailure(await cli("demo:seed", "--org", orgId, ...argv), "INVALID_INPUT");
    expect(await getDb().event.count({ where: { orgId } })).toBe(0);
  });
});

describe("operator CLI: command line errors", () => {
  it.each([
    { case: "no command", argv: [], message: /Commands:/ },
    { case: "an unknown command", argv: ["org:delete", "--org", "x"], message: /Unknown command "org:delete"[\s\S]*org:create/ },
    { case: "an unknown flag", argv: ["org:create", "--name", "X", "--colour", "red"], message: /Validation failed/ },
    { case: "a missing flag value", argv: ["org:create", "--name"], message: /Flag --name needs a value/ },
    { case: "a flag followed by another flag", argv: ["key:revoke", "--key", "--force"], message: /Flag --key needs a value/ },
    { case: "a positional argument", argv: ["org:create", "Acme"], message: /Unexpected argument "Acme"/ },
    { case: "a missing required flag", argv: ["org:create"], message: /Validation failed/ },
  ])("answers INVALID_INPUT for $case", async ({ argv, message }) => {
    const error = expectFailure(await cli(...argv), "INVALID_INPUT");
    expect(error.message).toMatch(message);
  });

  it("names the unknown flag", async () => {
    const error = expectFailure(await cli("org:create", "--name", `Strict ${tag}`, "--colour", "red"), "INVALID_INPUT");
    expect(error.details?.issues).toEqual([expect.objectContaining({ code: "unrecognized_keys", keys: ["colour"] })]);
    expect(await getDb().organization.count({ where: { name: `Strict ${tag}` } })).toBe(0);
  });

  it("names a missing required flag", async () => {
    const error = expectFailure(await cli("admin:create", "--org", randomUUID(), "--email", "a@example.com"), "INVALID_INPUT");
    expect(error.details?.fields).toHaveProperty("password");
  });
});
