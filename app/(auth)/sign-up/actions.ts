"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { after } from "next/server";
import { signInNewAccount } from "@/lib/auth/new-account-session";
import { proxiedClientAddress } from "@/lib/platform/http/client-address";
import { signUpNoticePath } from "@/lib/auth/sign-up-notice";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import { formText, runAction } from "@/lib/console/run-action";
import { signUpWithoutDisclosure } from "@/lib/domain/orgs/sign-up";

/**
 * Free or taken email, the answer is the same redirect to sign-in with the address filled
 * in; only refusals that do not depend on the address (invalid input, throttling, a busy
 * server) come back to the form. A new account also gets its session with that answer, so
 * the sign-in page sends it on to the console; a taken address's owner gets an email,
 * sent after the answer.
 */
export async function signUpAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  const result = await runAction(async () => {
    const outcome = await signUpWithoutDisclosure(
      {
        name: formText(formData, "name") ?? "",
        email: formText(formData, "email") ?? "",
        password: formText(formData, "password") ?? "",
        orgName: formText(formData, "orgName") ?? "",
      },
      { ip: proxiedClientAddress(await headers()) },
    );
    if (outcome.created) await signInNewAccount(outcome.created.user);
    after(outcome.afterAnswer);
    return { message: "Signed up.", data: outcome.receipt.email };
  });
  if (result.ok) redirect(signUpNoticePath(result.data));
  return result;
}
