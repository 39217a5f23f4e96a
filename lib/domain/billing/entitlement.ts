import { AppError } from "@/lib/platform/errors/app-error";
import type { Organization } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/db/client";
import { platformIntegrationsEnabled } from "@/lib/platform/integrations-switch";

export type OrgBillingState = Pick<Organization, "status" | "billingPlan" | "annualPlanUntil" | "billingAccountState">;

export type IntegrationLockReason =
  | "integrations_disabled"
  | "org_suspended"
  | "billing_closed"
  | "billing_suspended"
  | "payment_required";

const MESSAGES: Record<IntegrationLockReason, string> = {
  integrations_disabled: "Integrations are temporarily switched off for every organization. Try again later.",
  org_suspended: "This organization is suspended.",
  billing_closed: "The billing account of this organization is closed.",
  billing_suspended: "The billing account of this organization is suspended.",
  payment_required: "Integrations need a paid plan: add a payment card or an annual plan.",
};

/**
 * Why integrations are locked for this organization, or null when they are not.
 * The order is the order of the API's checks: platform switch, organization state, billing.
 */
export function integrationLockReason(
  org: OrgBillingState,
  integrationsEnabled: boolean,
  now: Date = new Date(),
): IntegrationLockReason | null {
  if (!integrationsEnabled) return "integrations_disabled";
  if (org.status === "suspended") return "org_suspended";
  if (org.billingAccountState === "closed") return "billing_closed";
  if (org.billingAccountState === "suspended") return "billing_suspended";
  const paid =
    org.billingPlan === "card" ||
    (org.billingPlan === "annual" && org.annualPlanUntil !== null && org.annualPlanUntil > now);
  return paid ? null : "payment_required";
}

export function integrationLockError(reason: IntegrationLockReason): AppError {
  const message = MESSAGES[reason];
  if (reason === "integrations_disabled") return new AppError("INTEGRATIONS_DISABLED", message);
  if (reason === "org_suspended") return new AppError("FORBIDDEN", message, { reason });
  return new AppError("PAYMENT_REQUIRED", message, { reason });
}

export function integrationLockMessage(reason: IntegrationLockReason): string {
  return MESSAGES[reason];
}

export async function loadIntegrationLock(orgId: string): Promise<IntegrationLockReason | null> {
  const db = getDb();
  const [org, integrationsEnabled] = await Promise.all([
    db.organization.findUnique({ where: { id: orgId } }),
    platformIntegrationsEnabled(),
  ]);
  if (!org) throw new AppError("NOT_FOUND", "No such organization.");
  return integrationLockReason(org, integrationsEnabled);
}

/** Refuses creating, running and calling integrations while they are locked (spec, item 4). */
export async function assertIntegrationsUnlocked(orgId: string): Promise<void> {
  const reason = await loadIntegrationLock(orgId);
  if (reason) throw integrationLockError(reason);
}
