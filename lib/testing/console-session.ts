import { randomBytes } from "node:crypto";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/platform/db/client";

// Server actions run outside a request in the suite: the session module is replaced by one
// that answers whoever the test puts in the box, and redirects like requireUser does.
//   const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
//   vi.mock("@/lib/auth/session", async () => (await import("@/lib/testing/console-session")).sessionModule(session));

export type SessionBox = { user: SessionUser | null };

export function sessionModule(box: SessionBox) {
  return {
    getSessionUser: async () => box.user,
    requireUser: async () => {
      if (!box.user) throw Object.assign(new Error("NEXT_REDIRECT"), { digest: "NEXT_REDIRECT;replace;/sign-in;307;" });
      return box.user;
    },
  };
}

/** A new user, a member of `orgId` with `role` (or of nothing when orgId is null). */
export async function createConsoleUser(orgId: string | null, role: "admin" | "member" = "admin"): Promise<SessionUser> {
  const user = await getDb().user.create({ data: { email: `u-${randomBytes(4).toString("hex")}@example.com` } });
  if (orgId) await getDb().membership.create({ data: { orgId, userId: user.id, role } });
  return { id: user.id, email: user.email, name: user.name };
}
