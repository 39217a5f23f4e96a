import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
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

export async function setOrganizationStatus(orgId: string, status: z.infer<typeof orgStatusSchema>) {
  await getOrganizationOrThrow(orgId);
  return getDb().organization.update({ where: { id: orgId }, data: { status } });
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
export async function setBilling(orgId: string, input: z.input<typeof billingInputSchema>) {
  const parsed = billingUpdateSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  await getOrganizationOrThrow(orgId);
  const { plan, annualUntil, account } = parsed.data;
  return getDb().organization.update({
    where: { id: orgId },
    data: {
      billingPlan: plan,
      annualPlanUntil: plan === "annual" ? annualUntil : null,
      ...(account ? { billingAccountState: account } : {}),
    },
  });
}
