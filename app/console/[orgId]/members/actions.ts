"use server";

import { consoleAction } from "@/lib/console/action";
import { changeMemberRole } from "@/lib/domain/orgs/change-member-role";
import { createInvite, invitePath, revokeInvite } from "@/lib/domain/orgs/invites";
import { removeMember } from "@/lib/domain/orgs/remove-member";

export type CreatedInviteView = { email: string; role: "admin" | "member"; path: string; expiresAt: string };

/** Creates a one-time invite; the link (path) is returned this once and never stored in clear. */
export const createInviteAction = consoleAction<CreatedInviteView>(async ({ orgId, form, user }) => {
  const { invite, token } = await createInvite(
    orgId,
    { email: form.text("email"), role: (form.text("role")) as "admin" | "member" },
    user.id,
  );
  return {
    message: `Invitation for ${invite.email} created. Copy the link now: it will not be shown again.`,
    data: { email: invite.email, role: invite.role, path: invitePath(token), expiresAt: invite.expiresAt.toISOString() },
  };
});

export const revokeInviteAction = consoleAction<null>(async ({ orgId, form }) => {
  await revokeInvite(orgId, form.text("inviteId"));
  return { message: "Invitation revoked. Its link no longer works.", data: null };
});

export const removeMemberAction = consoleAction<null>(async ({ orgId, form }) => {
  await removeMember(orgId, form.text("membershipId"));
  return { message: "Member removed. They can no longer open this organization.", data: null };
});

export const changeMemberRoleAction = consoleAction<null>(async ({ orgId, form }) => {
  const { changed, role } = await changeMemberRole(orgId, form.text("membershipId"), form.optional("role"));
  return { message: changed ? `Role changed to ${role}.` : `Already ${role}.`, data: null };
});
