import { getDb } from "@/lib/db/client";
import { signInSchema } from "./form-schemas";
import { hashPassword, verifyPassword } from "./passwords";

export type SignedInUser = { id: string; email: string; name: string };

// Verified against when no user matches, so an unknown email costs the same scrypt time as
// a wrong password and response times do not reveal which addresses have accounts.
let dummyHash: Promise<string> | undefined;
function timingDummy(): Promise<string> {
  dummyHash ??= hashPassword("timing-equaliser-not-a-real-password");
  return dummyHash;
}

/** The user whose email and password match, or null. Never logs or returns the password. */
export async function authorizeCredentials(input: unknown): Promise<SignedInUser | null> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return null;
  const user = await getDb().user.findUnique({ where: { email: parsed.data.email } });
  if (!user?.passwordHash) {
    await verifyPassword(parsed.data.password, await timingDummy());
    return null;
  }
  const ok = await verifyPassword(parsed.data.password, user.passwordHash);
  return ok ? { id: user.id, email: user.email, name: user.name } : null;
}
