"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { proxiedClientAddress } from "@/lib/platform/http/client-address";
import { signUpNoticePath } from "@/lib/auth/sign-up-notice";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import { formText, runAction } from "@/lib/console/run-action";
import { signUpWithoutDisclosure } from "@/lib/domain/orgs/sign-up";

/**
 * Free or taken email, the answer is the same redirect to sign-in with the address filled
 * in and a neutral notice; only refusals that do not depend on the address (invalid input,
 * throttling) come back to the form.
 */
export async function signUpAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  const result = await runAction(async () => {
    const { email } = await signUpWithoutDisclosure(
      {
        name: formText(formData, "name") ?? "",
        email: formText(formData, "email") ?? "",
        password: formText(formData, "password") ?? "",
        orgName: formText(formData, "orgName") ?? "",
      },
      { ip: proxiedClientAddress(await headers()) },
    );
    return { message: "Signed up.", data: email };
  });
  if (result.ok) redirect(signUpNoticePath(result.data));
  return result;
}
