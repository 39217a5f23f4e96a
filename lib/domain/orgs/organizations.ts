import { z } from "zod";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { getDb } from "@/lib/platform/db/client";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";
import { AppError, validationError } from "@/lib/platform/errors/app-error";

export const orgNameSchema = z.string().trim().min(1).max(200);

export async function createOrganization(input: { name: string }) {
  const parsed = z.object({ name: orgNameSchema }).safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return getDb().organization.create({ data: { name: parsed.data.name } });
}

export async function getOrganizationOrThrow(orgId: string) {
  const org = z.uuid().safeParse(orgId).success
    ? await getDb().organization.findUnique({ where: { id: orgId } })
    : null;
  if (!org) throw new AppError("NOT_FOUND", "No such organization.");
  return org;
}

export const orgStatusSchema = z.enum(["active", "suspended"]);

const orgTarget = (org: { id: string; name: string }) => ({ type: "organization", id: org.id, label: org.name });

/** Suspends or reactivates the organization; setting the status it has records nothing. */
export async function setOrganizationStatus(orgId: string, status: z.infer<typeof orgStatusSchema>, actor: Actor) {
  const current = await getOrganizationOrThrow(orgId);
  return getDb().$transaction(async (tx) => {
    const org = await tx.organization.update({ where: { id: orgId }, data: { status } });
    if (current.status !== status) {
      await recordAudit(tx, orgId, actor, { action: "organization.status_changed", target: orgTarget(org), summary: { status: { from: current.status, to: status } } });
    }
    return org;
  }, WRITE_TRANSACTION);
}

export const billingInputSchema = z.object({
  plan: z.enum(["free", "card", "annual"]),
  annualUntil: z.coerce.date().optional(),
  account: z.enum(["active", "suspended", "closed"]).optional(),
});

const billingUpdateSchema = billingInputSchema.refine((value) => value.plan !== "annual" || value.annualUntil !== undefined, {
    message: "An annual plan needs its end date (annualUntil).",
    path: ["annualUntil"],
  });

/** Sets the billing state (card capture is out of scope: operators set it). */
export async function setBilling(orgId: string, input: z.input<typeof billingInputSchema>, actor: Actor) {
  const parsed = billingUpdateSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  await getOrganizationOrThrow(orgId);
  const { plan, annualUntil, account } = parsed.data;
  return getDb().$transaction(async (tx) => {
    // Under the row lock Stripe's webhook takes too: the change counts as the newest reading
    // of the billing state, so a reading of Stripe taken before it and applied after it
    // changes nothing (stripe-webhook.ts compares billingSyncedAt).
    const [{ now }] = await tx.$queryRaw<{ now: Date }[]>`SELECT clock_timestamp() AS now FROM "Organization" WHERE id = ${orgId}::uuid FOR UPDATE`;
    const current = await tx.organization.findUniqueOrThrow({ where: { id: orgId } });
    const org = await tx.organization.update({
      where: { id: orgId },
      data: {
        billingPlan: plan,
        annualPlanUntil: plan === "annual" ? annualUntil : null,
        ...(account ? { billingAccountState: account } : {}),
        billingSyncedAt: now,
      },
    });
    const summary = billingChanges(current, org);
    if (Object.keys(summary).length > 0) await recordAudit(tx, orgId, actor, { action: "billing.changed", target: orgTarget(org), summary });
    return org;
  }, WRITE_TRANSACTION);
}

type BillingState = { billingPlan: string; annualPlanUntil: Date | null; billingAccountState?: string };

/** Before and after of the billing fields that changed (plan, annual end, account state). */
export function billingChanges(before: BillingState, after: BillingState): Record<string, { from: string | null; to: string | null }> {
  const changes: Record<string, { from: string | null; to: string | null }> = {};
  if (before.billingPlan !== after.billingPlan) changes.plan = { from: before.billingPlan, to: after.billingPlan };
  const fromUntil = before.annualPlanUntil?.toISOString() ?? null;
  const toUntil = after.annualPlanUntil?.toISOString() ?? null;
  if (fromUntil !== toUntil) changes.annualPlanUntil = { from: fromUntil, to: toUntil };
  if (after.billingAccountState !== undefined && before.billingAccountState !== after.billingAccountState) {
    changes.account = { from: before.billingAccountState ?? null, to: after.billingAccountState };
  }
  return changes;
}
