"use server";

import { revalidatePath } from "next/cache";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import type { MemberRole } from "@/lib/generated/prisma/client";
import { requireAdmin } from "@/lib/console/guard";
import { formText, runAction } from "@/lib/console/run-action";
import { changeMemberRole } from "@/lib/orgs/change-member-role";
import { mailInvite } from "@/lib/orgs/invite-mail";
import { createInvite, invitePath, revokeInvite } from "@/lib/orgs/invites";
import { removeMember } from "@/lib/orgs/remove-member";

export type CreatedInviteView = { email: string; role: MemberRole; path: string; expiresAt: string };

/** Creates a one-time invite; the link (path) is returned this once and never stored in clear. */
export async function createInviteAction(_previous: ActionState<CreatedInviteView>, formData: FormData): Promise<ActionResult<CreatedInviteView>> {
  return runAction(async () => {
    const orgId = formText(formData, "orgId") ?? "";
    const { user, org } = await requireAdmin(orgId);
    const { invite, token } = await createInvite(
      orgId,
      { email: formText(formData, "email") ?? "", role: (formText(formData, "role") ?? "") as MemberRole },
      user.id,
    );
    revalidatePath(`/console/${orgId}`, "layout");
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
}

export async function revokeInviteAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = formText(formData, "orgId") ?? "";
    await requireAdmin(orgId);
    await revokeInvite(orgId, formText(formData, "inviteId") ?? "");
    revalidatePath(`/console/${orgId}`, "layout");
    return { message: "Invitation revoked. Its link no longer works.", data: null };
  });
}

export async function removeMemberAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = formText(formData, "orgId") ?? "";
    await requireAdmin(orgId);
    await removeMember(orgId, formText(formData, "membershipId") ?? "");
    revalidatePath(`/console/${orgId}`, "layout");
    return { message: "Member removed. They can no longer open this organization.", data: null };
  });
}

export async function changeMemberRoleAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = formText(formData, "orgId") ?? "";
    await requireAdmin(orgId);
    const { changed, role } = await changeMemberRole(orgId, formText(formData, "membershipId") ?? "", formText(formData, "role"));
    revalidatePath(`/console/${orgId}`, "layout");
    return { message: changed ? `Role changed to ${role}.` : `Already ${role}.`, data: null };
  });
}
