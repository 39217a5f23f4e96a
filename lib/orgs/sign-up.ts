import { z } from "zod";
import { newOrganizationSchema, signUpSchema } from "@/lib/auth/form-schemas";
import { hashPassword } from "@/lib/auth/passwords";
import { consumeThrottle } from "@/lib/auth/throttle/throttle";
import { getDb } from "@/lib/db/client";
import { AppError, validationError } from "@/lib/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";

export type SignUpInput = z.input<typeof signUpSchema>;

/** A sign-up whose email is taken: `details.fields.email` puts the message under the email input. */
export function emailTakenError(): AppError {
  const message = "An account with this email already exists. Sign in instead.";
  return new AppError("CONFLICT", message, {
    reason: "email_taken",
    fields: { email: { code: "email_taken", message } },
  });
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/**
 * Creates the user, the organization and its admin membership in one transaction, so a
 * failure at any step (a duplicate email included) writes nothing. createOrganization is
 * not reused because it writes through getDb(), outside the transaction (the name rules
 * are the same as its orgNameSchema). The password is hashed before the transaction so no
 * connection is held during scrypt. Attempts are throttled per email and client IP.
 */
export async function signUpWithOrganization(input: SignUpInput, client: { ip: string | null } = { ip: null }) {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const { name, email, password, orgName } = parsed.data;
  await consumeThrottle({ action: "sign-up", account: email, ip: client.ip });
  // Hashed before looking at the email, so a taken address costs the same time as a free one.
  const passwordHash = await hashPassword(password);
  try {
    return await getDb().$transaction(async (tx) => {
      const user = await tx.user.create({ data: { email, name, passwordHash } });
      const org = await tx.organization.create({ data: { name: orgName } });
      const membership = await tx.membership.create({ data: { orgId: org.id, userId: user.id, role: "admin" } });
      return { user: { id: user.id, email: user.email, name: user.name }, org, membership };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
}

/** A signed-in user (for example one who arrived through OAuth) starts an organization and administers it. */
export async function createOrganizationForUser(userId: string, input: z.input<typeof newOrganizationSchema>) {
  const parsed = newOrganizationSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return getDb().$transaction(async (tx) => {
    const org = await tx.organization.create({ data: { name: parsed.data.orgName } });
    await tx.membership.create({ data: { orgId: org.id, userId, role: "admin" } });
    return org;
  });
}
