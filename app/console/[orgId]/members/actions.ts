"use server";

import { consoleAction } from "@/lib/console/action";
import type { MemberRole } from "@/lib/generated/prisma/client";
import { changeMemberRole } from "@/lib/domain/orgs/change-member-role";
import { mailInvite } from "@/lib/domain/orgs/invite-mail";
import { createInvite, invitePath, revokeInvite } from "@/lib/domain/orgs/invites";
import { removeMember } from "@/lib/domain/orgs/remove-member";

export type CreatedInviteView = { email: string; role: MemberRole; path: string; expiresAt: string };

/** Creates a one-time invite; the link (path) is returned this once and never stored in clear. */
export const createInviteAction = consoleAction<CreatedInviteView>(async ({ orgId, form, user, org, actor }) => {
  const { invite, token } = await createInvite(orgId, { email: form.text("email"), role: form.text("role") as MemberRole }, actor);
  const mailed = await mailInvite({ email: invite.email, role: invite.role, orgName: org.name, invitedBy: user.name || user.email, token });
  return {
    message:
      mailed.outcome === "sent"
        ? `Invitation emailed to ${invite.email}. The link is also below, to send another way; it will not be shown again.`
        : mailed.outcome === "not_configured"
          ? `Invitation for ${invite.email} created. This deployment sends no email: copy the link now and send it to them yourself (chat, your own email); it will not be shown again.`
          : `Invitation for ${invite.email} created, but the email could not be sent. Copy the link now and send it to them yourself; it will not be shown again.`,
    data: { email: invite.email, role: invite.role, path: invitePath(token), expiresAt: invite.expiresAt.toISOString() },
  };
});

export const revokeInviteAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  await revokeInvite(orgId, form.text("inviteId"), actor);
  return { message: "Invitation revoked. Its link no longer works.", data: null };
});

export const removeMemberAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  await removeMember(orgId, form.text("membershipId"), actor);
  return { message: "Member removed. They can no longer open this organization.", data: null };
});

export const changeMemberRoleAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const { changed, role } = await changeMemberRole(orgId, form.text("membershipId"), form.optional("role"), actor);
  return { message: changed ? `Role changed to ${role}.` : `Already ${role}.`, data: null };
});
