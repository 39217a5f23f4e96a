"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { proxiedClientAddress } from "@/lib/platform/http/client-address";
import { requireUser } from "@/lib/auth/session";
import { inviteSignUpNoticePath } from "@/lib/auth/sign-up-notice";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import { formText, runAction } from "@/lib/console/run-action";
import { acceptInvite, acceptInviteWithoutDisclosure, invitePath } from "@/lib/domain/orgs/invites";

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

/**
 * Someone without an account: the same redirect to sign-in (then back to the invitation)
 * whether the invited address was free (account made, joined) or taken (nothing changed).
 */
export async function inviteSignUpAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  const token = formText(formData, "token") ?? "";
  const result = await runAction(async () => {
    const { email } = await acceptInviteWithoutDisclosure(
      token,
      { name: formText(formData, "name") ?? "", password: formText(formData, "password") ?? "" },
      new Date(),
      { ip: proxiedClientAddress(await headers()) },
    );
    return { message: "Signed up.", data: email };
  });
  if (result.ok) redirect(inviteSignUpNoticePath(result.data, invitePath(token)));
  return result;
}
