"use server";

import { revalidatePath } from "next/cache";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import type { MemberRole } from "@/lib/generated/prisma/client";
import { requireAdmin } from "@/lib/console/guard";
import { formText, runAction } from "@/lib/console/run-action";
import { changeMemberRole } from "@/lib/orgs/change-member-role";
import { createInvite, invitePath, revokeInvite } from "@/lib/orgs/invites";
import { removeMember } from "@/lib/orgs/remove-member";

export type CreatedInviteView = { email: string; role: MemberRole; path: string; expiresAt: string };

/** Creates a one-time invite; the link (path) is returned this once and never stored in clear. */
export async function createInviteAction(_previous: ActionState<CreatedInviteView>, formData: FormData): Promise<ActionResult<CreatedInviteView>> {
  return runAction(async () => {
    const orgId = formText(formData, "orgId") ?? "";
    const { user } = await requireAdmin(orgId);
    const { invite, token } = await createInvite(
      orgId,
      { email: formText(formData, "email") ?? "", role: (formText(formData, "role") ?? "") as MemberRole },
      user.id,
    );
    revalidatePath(`/console/${orgId}`, "layout");
    return {
      message: `Invitation for ${invite.email} created. Copy the link now: it will not be shown again.`,
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
