import { z } from "zod";
import { newOrganizationSchema, signUpSchema } from "@/lib/auth/form-schemas";
import { hashNewAccountPassword, hashPassword } from "@/lib/auth/passwords";
import { recordAttempt } from "@/lib/auth/throttle/throttle";
import { getDb } from "@/lib/platform/db/client";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SendMailResult } from "@/lib/platform/mail/send-mail";
import { mailSignUpAttempt } from "./sign-up-mail";

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

type SignUpData = z.output<typeof signUpSchema>;

/**
 * Creates the user, the organization and its admin membership in one transaction, or
 * returns null when the email is taken: the user row is written first, so its unique
 * violation rolls everything back and nothing is written or changed. createOrganization is
 * not reused because it writes through getDb(), outside the transaction (the name rules
 * are the same as its orgNameSchema). The password is hashed before the transaction so no
 * connection is held during scrypt, and before the email is looked at, so a taken address
 * costs the same time as a free one. Attempts are throttled per email and client IP, and
 * public ones (`open`) also service-wide and through the new-account hash gate, before
 * any hash: a flood of sign-ups neither creates organizations without bound nor holds up
 * sign-ins (docs/security.md "Sign-up bounds and the hash queue").
 */
async function createAccountWithOrganization(data: SignUpData, client: { ip: string | null }, open: boolean) {
  const { name, email, password, orgName } = data;
  await recordAttempt({ action: "sign-up", account: email, ip: client.ip, newAccount: open });
  const passwordHash = open ? await hashNewAccountPassword(password) : await hashPassword(password);
  try {
    return await getDb().$transaction(async (tx) => {
      const user = await tx.user.create({ data: { email, name, passwordHash } });
      const org = await tx.organization.create({ data: { name: orgName } });
      const membership = await tx.membership.create({ data: { orgId: org.id, userId: user.id, role: "admin" } });
      return { user: { id: user.id, email: user.email, name: user.name }, org, membership };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

function parseSignUp(input: SignUpInput): SignUpData {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
}

/** Creates an account with its organization, or throws `email_taken` (for seeding, tests and operator tools). */
export async function signUpWithOrganization(input: SignUpInput, client: { ip: string | null } = { ip: null }) {
  const created = await createAccountWithOrganization(parseSignUp(input), client, false);
  if (!created) throw emailTakenError();
  return created;
}

/** What the sign-up form learns: the same object whether the email was free or taken. */
export type SignUpReceipt = { email: string };

/**
 * A public sign-up's result for the server: `receipt` is all the form may show, the same
 * for a free and a taken address. `created` is the new account (the caller signs it in),
 * null for a taken address. `afterAnswer` mails a taken address's owner; run it after the
 * answer is sent, so its time does not show in the answer.
 */
export type SignUpOutcome = {
  receipt: SignUpReceipt;
  created: { user: { id: string; email: string; name: string }; orgId: string } | null;
  afterAnswer: () => Promise<SendMailResult | null>;
};

/**
 * The public sign-up: its answer must not tell whether the email already has an account
 * (docs/security.md "Enumeration"). A free email gets its account and organization, a
 * taken one gets nothing and changes nothing; both run one password hash, count against
 * the same throttles and return the same receipt. Only the new account is signed in (by
 * the caller); the owner of a taken address gets an email, never a session.
 */
export async function signUpWithoutDisclosure(input: SignUpInput, client: { ip: string | null } = { ip: null }): Promise<SignUpOutcome> {
  const data = parseSignUp(input);
  const created = await createAccountWithOrganization(data, client, true);
  return {
    receipt: { email: data.email },
    created: created ? { user: created.user, orgId: created.org.id } : null,
    afterAnswer: async () => (created ? null : mailSignUpAttempt(data.email)),
  };
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
