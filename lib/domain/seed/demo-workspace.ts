import { OPERATOR, type Actor } from "@/lib/domain/audit/record";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { createApiKey } from "@/lib/domain/keys/create-key";
import { revokeApiKey } from "@/lib/domain/keys/revoke-key";
import { SCOPES } from "@/lib/domain/keys/scopes";
import { createOrgAdmin } from "@/lib/domain/orgs/members";
import { createOrganization, setBilling } from "@/lib/domain/orgs/organizations";
import { seedDemoData, type SeedDemoOptions, type SeedDemoResult } from "./demo-seed";

// The workspace `npm run dev` opens on: one organization with a card on file (so
// integrations are unlocked), an admin who can sign in, demo data, and a fresh API key.
// Key secrets are stored only as hashes, so the one way to print a working key on every
// start is to mint a new one; the previous demo key is revoked first (revoked keys do not
// count toward the 100-key limit).

export const DEMO_ORG_NAME = "Northwind Conferences";
export const DEMO_ADMIN = { email: "admin@demo.test", password: "demo-password-123", name: "Demo Admin" } as const;
export const DEMO_KEY_NAME = "Demo key (npm run dev)";

export type DemoWorkspace = {
  /** The console's address, when the caller said where the app is served. */
  consoleUrl?: string;
  admin: { email: string; password: string };
  /** A fresh key with all four scopes, or null when integrations are locked (see apiKeyError). */
  apiKey: string | null;
  apiKeyError?: string;
  orgId: string;
  /** True when this call created the organization (and seeded it). */
  created: boolean;
  /** Present when this call seeded demo data. */
  seeded?: SeedDemoResult;
};

export type DemoWorkspaceOptions = {
  /** Where the app is served, e.g. http://localhost:3000. */
  baseUrl?: string;
  seed?: Pick<SeedDemoOptions, "events" | "attendees">;
};

export async function prepareDemoWorkspace(options: DemoWorkspaceOptions = {}): Promise<DemoWorkspace> {
  const db = getDb();
  let org = await db.organization.findFirst({ where: { name: DEMO_ORG_NAME }, orderBy: { createdAt: "asc" } });
  let created = false;
  if (!org) {
    org = await createOrganization({ name: DEMO_ORG_NAME });
    await setBilling(org.id, { plan: "card" }, OPERATOR);
    created = true;
  }

  // The admin (a run interrupted after creating the organization may not have added them).
  let admin = await db.user.findUnique({
    where: { email: DEMO_ADMIN.email },
    include: { memberships: { where: { orgId: org.id } } },
  });
  if (!admin || admin.memberships.length === 0) {
    await createOrgAdmin(org.id, DEMO_ADMIN, OPERATOR);
    admin = await db.user.findUniqueOrThrow({
      where: { email: DEMO_ADMIN.email },
      include: { memberships: { where: { orgId: org.id } } },
    });
  }

  // Seed on first creation, and again if an earlier seed never committed (no events).
  let seeded: SeedDemoResult | undefined;
  if (created || (await db.event.count({ where: { orgId: org.id } })) === 0) {
    seeded = await seedDemoData(org.id, options.seed ?? {});
  }

  // Replace the demo key: revoke what earlier runs minted, then mint a new one.
  const previous = await db.apiKey.findMany({
    where: { orgId: org.id, name: DEMO_KEY_NAME, revokedAt: null },
    select: { id: true },
  });
  for (const key of previous) await revokeApiKey(key.id, org.id, OPERATOR);
  // The demo key stays the demo admin's (the console shows who created a key).
  const demoAdmin: Actor = { type: "user", userId: admin.id, email: admin.email };
  let apiKey: string | null = null;
  let apiKeyError: string | undefined;
  try {
    apiKey = (await createApiKey(org.id, { name: DEMO_KEY_NAME, scopes: [...SCOPES] }, demoAdmin)).secret;
  } catch (error) {
    // Integrations locked (billing changed by hand, organization suspended, platform switch off):
    // the console still works, so report it instead of failing the start.
    if (!(error instanceof AppError)) throw error;
    apiKeyError = `${error.code}: ${error.message}`;
  }

  return {
    ...(options.baseUrl ? { consoleUrl: `${options.baseUrl.replace(/\/$/, "")}/console` } : {}),
    admin: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    apiKey,
    ...(apiKeyError ? { apiKeyError } : {}),
    orgId: org.id,
    created,
    ...(seeded ? { seeded } : {}),
  };
}
