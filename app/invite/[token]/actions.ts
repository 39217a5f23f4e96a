"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { clientIp } from "@/lib/auth/throttle/client-ip";
import { requireUser } from "@/lib/auth/session";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import { formText, runAction } from "@/lib/console/run-action";
import { acceptInvite, acceptInviteWithNewAccount } from "@/lib/orgs/invites";

/** A signed-in user accepts; acceptInvite checks the address, expiry and single use. */
export async function acceptInviteAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  const token = formText(formData, "token") ?? "";
  const result = await runAction(async () => {
    const user = await requireUser(`/invite/${encodeURIComponent(token)}`);
    const { orgId } = await acceptInvite(token, user.id);
    return { message: "Joined.", data: orgId };
  });
  if (result.ok) redirect(`/console/${result.data}`);
  return result;
}

/** Someone without an account: user, membership and the used invite in one transaction. */
export async function inviteSignUpAction(_previous: ActionState<{ orgId: string }>, formData: FormData): Promise<ActionResult<{ orgId: string }>> {
  return runAction(async () => {
    const { orgId } = await acceptInviteWithNewAccount(
      formText(formData, "token") ?? "",
      { name: formText(formData, "name") ?? "", password: formText(formData, "password") ?? "" },
      new Date(),
      { ip: clientIp(await headers()) },
    );
    return { message: "Account created.", data: { orgId } };
  });
}
