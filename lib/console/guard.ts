import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { z } from "zod";
import { requireUser, type SessionUser } from "@/lib/auth/session";
import { isTwoFactorEnabled } from "@/lib/auth/two-factor/authenticator";
import { TWO_FACTOR_SETUP_PATH } from "@/lib/auth/two-factor/paths";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import type { Membership, Organization } from "@/lib/generated/prisma/client";

// The one authorization check of the console. Every page calls requireMember and every
// mutation (server action) calls requireAdmin, on the server: layouts do not re-render on
// client navigation and hidden buttons are no protection, so neither is relied on.

export type ConsoleContext = { user: SessionUser; org: Organization; membership: Membership };

/** The membership of `userId` in `orgId` with its organization, or null (also for a malformed id). */
export const findMembership = cache(async (orgId: string, userId: string) => {
  if (!z.uuid().safeParse(orgId).success) return null;
  return getDb().membership.findUnique({
    where: { orgId_userId: { orgId, userId } },
    include: { org: true },
  });
});

/**
 * The signed-in member of `orgId`. Not signed in: redirect to sign-in. Not a member (or no
 * such organization): notFound(), so another organization's id in a URL is a 404 and
 * reveals nothing about whether it exists.
 */
export async function requireMember(orgId: string): Promise<ConsoleContext> {
  const context = await requireGuestListViewer(orgId);
  // Door staff see the guest lists and nothing else: anywhere else sends them there.
  if (context.membership.role === "door_staff") redirect(`/console/${encodeURIComponent(orgId)}/events`);
  return context;
}

/** Any role of `orgId`, door staff included: the events list and guest lists only. */
export async function requireGuestListViewer(orgId: string): Promise<ConsoleContext> {
  const user = await requireUser(`/console/${encodeURIComponent(orgId)}`);
  const membership = await findMembership(orgId, user.id);
  if (!membership) notFound();
  // An organization that requires two-factor sign-in opens only once it is on: until then
  // its members see the setup page (and can sign out), nothing of the organization.
  if (membership.org.requireTwoFactor && !(await isTwoFactorEnabled(user.id))) {
    redirect(`${TWO_FACTOR_SETUP_PATH}?required=${encodeURIComponent(orgId)}`);
  }
  const { org, ...rest } = membership;
  return { user, org, membership: rest };
}

export const CHECK_IN_REQUIRED_MESSAGE = "Only admins and door staff of this organization can check guests in.";

/** Admins and door staff: checking guests in, and undoing a check-in. */
export async function requireCheckInStaff(orgId: string): Promise<ConsoleContext> {
  const context = await requireGuestListViewer(orgId);
  if (context.membership.role !== "admin" && context.membership.role !== "door_staff") {
    throw new AppError("FORBIDDEN", CHECK_IN_REQUIRED_MESSAGE, { reason: "check_in_staff_required" });
  }
  return context;
}

export const ADMIN_REQUIRED_MESSAGE = "Only admins of this organization can make changes. Ask an admin to do this for you.";

/** As requireMember, and the member must be an admin: others get FORBIDDEN (reason admin_required). */
export async function requireAdmin(orgId: string): Promise<ConsoleContext> {
  const context = await requireMember(orgId);
  if (context.membership.role !== "admin") {
    throw new AppError("FORBIDDEN", ADMIN_REQUIRED_MESSAGE, { reason: "admin_required" });
  }
  return context;
}

/** The organizations of a user, for the org switcher and /console, oldest membership first. */
export async function listUserOrganizations(userId: string) {
  const memberships = await getDb().membership.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { org: { select: { id: true, name: true } } },
  });
  return memberships.map((m) => ({ id: m.org.id, name: m.org.name, role: m.role }));
}
