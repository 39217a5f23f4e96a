import { z } from "zod";
import { hashPassword } from "@/lib/auth/passwords";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { getDb } from "@/lib/platform/db/client";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { getOrganizationOrThrow } from "./organizations";

export const emailSchema = z.email("Enter a valid email address.").max(320);
export const passwordSchema = z
  .string()
  .min(10, "Use at least 10 characters.")
  .max(200, "Use at most 200 characters.");

const createAdminSchema = z.object({ email: emailSchema, password: passwordSchema, name: z.string().max(200).optional() });

/**
 * Creates a console user with the admin role in `orgId`. An existing user (same email)
 * joins as admin; their password is not changed.
 */
export async function createOrgAdmin(orgId: string, input: z.input<typeof createAdminSchema>, actor: Actor) {
  const parsed = createAdminSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  await getOrganizationOrThrow(orgId);
  const db = getDb();
  const existing = await db.user.findUnique({ where: { email: parsed.data.email } });
  const user =
    existing ??
    (await db.user.create({
      data: {
        email: parsed.data.email,
        name: parsed.data.name ?? "",
        passwordHash: await hashPassword(parsed.data.password),
      },
    }));
  try {
    await db.$transaction(async (tx) => {
      await tx.membership.create({ data: { orgId, userId: user.id, role: "admin" } });
      await recordAudit(tx, orgId, actor, {
        action: "member.added",
        target: { type: "member", id: user.id, label: user.email },
        summary: { role: "admin", newAccount: existing === null },
      });
    }, WRITE_TRANSACTION);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", "This user is already a member of the organization.", { reason: "already_member" });
    }
    throw error;
  }
  return user;
}
