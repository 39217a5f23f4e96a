import { OPERATOR } from "@/lib/domain/audit/record";
import { z } from "zod";
import { config } from "@/lib/platform/config/env";
import { migrate } from "@/lib/platform/db/migrate";
import { createApiKey } from "@/lib/domain/keys/create-key";
import { revokeApiKey } from "@/lib/domain/keys/revoke-key";
import { scopeSchema } from "@/lib/domain/keys/scopes";
import { createOrgAdmin } from "@/lib/domain/orgs/members";
import {
  billingInputSchema,
  createOrganization,
  orgStatusSchema,
  setBilling,
  setOrganizationStatus,
} from "@/lib/domain/orgs/organizations";
import { setPlatformIntegrations } from "@/lib/platform/integrations-switch";
import { command } from "../command";

const orgProjection = (org: {
  id: string;
  name: string;
  status: string;
  billingPlan: string;
  annualPlanUntil: Date | null;
  billingAccountState: string;
}) => ({
  id: org.id,
  name: org.name,
  status: org.status,
  billing: { plan: org.billingPlan, annualUntil: org.annualPlanUntil, account: org.billingAccountState },
});

export const organizationCommands = {
  "db:migrate": command({
    summary: "Apply pending migrations to DATABASE_URL or the embedded database",
    flags: z.strictObject({}),
    // The direct URL when one is configured: the advisory lock needs a session, not a pooler.
    run: async () => migrate(config().migrationDatabaseUrl!),
  }),
  "org:create": command({
    summary: "--name N",
    flags: z.strictObject({ name: z.string() }),
    run: async ({ name }) => {
      const org = await createOrganization({ name });
      return { org: { id: org.id, name: org.name } };
    },
  }),
  "org:set-status": command({
    summary: "--org ID --status active|suspended",
    flags: z.strictObject({ org: z.string(), status: orgStatusSchema }),
    run: async ({ org, status }) => ({ org: orgProjection(await setOrganizationStatus(org, status, OPERATOR)) }),
  }),
  "admin:create": command({
    summary: "--org ID --email E --password P",
    flags: z.strictObject({ org: z.string(), email: z.string(), password: z.string() }),
    run: async ({ org, email, password }) => {
      const user = await createOrgAdmin(org, { email, password }, OPERATOR);
      return { user: { id: user.id, email: user.email } };
    },
  }),
  "key:create": command({
    summary: "--org ID --name N --scopes events:read,attendees:read [--expires-at ISO] [--allowed-ips CIDR,CIDR]",
    flags: z.strictObject({
      org: z.string(),
      name: z.string(),
      scopes: z.string().transform((value) => value.split(",").map((scope) => scope.trim())).pipe(z.array(scopeSchema)),
      "expires-at": z.iso.datetime({ offset: true }).optional(),
      // As typed: createApiKey's schema splits, checks and normalises the ranges.
      "allowed-ips": z.string().optional(),
    }),
    run: async (flags) => {
      const key = await createApiKey(flags.org, {
        name: flags.name,
        scopes: flags.scopes,
        expiresAt: flags["expires-at"] ?? null,
        allowedIps: flags["allowed-ips"],
      }, OPERATOR);
      return {
        key: { id: key.id, prefix: key.prefix, secret: key.secret, scopes: key.scopes, expiresAt: key.expiresAt, allowedIps: key.allowedIps },
      };
    },
  }),
  "key:revoke": command({
    summary: "--key ID (idempotent)",
    flags: z.strictObject({ key: z.string() }),
    run: async ({ key }) => {
      const revoked = await revokeApiKey(key, null, OPERATOR);
      return { key: { id: revoked.id, revokedAt: revoked.revokedAt } };
    },
  }),
  "billing:set": command({
    summary: "--org ID --plan free|card|annual [--annual-until ISO] [--account active|suspended|closed]",
    flags: z.strictObject({
      org: z.string(),
      plan: billingInputSchema.shape.plan,
      "annual-until": z.string().optional(),
      account: billingInputSchema.shape.account,
    }),
    run: async (flags) => {
      const org = await setBilling(flags.org, {
        plan: flags.plan,
        annualUntil: flags["annual-until"],
        account: flags.account,
      }, OPERATOR);
      return { org: orgProjection(org) };
    },
  }),
  "platform:integrations": command({
    summary: "--enabled true|false (the platform-wide switch)",
    flags: z.strictObject({ enabled: z.enum(["true", "false"]).transform((value) => value === "true") }),
    run: async ({ enabled }) => ({ platform: await setPlatformIntegrations(enabled) }),
  }),
};
