"use server";

import { headers } from "next/headers";
import { clientIp } from "@/lib/auth/throttle/client-ip";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import { formText, runAction } from "@/lib/console/run-action";
import { signUpWithOrganization } from "@/lib/orgs/sign-up";

/** Creates user, organization and admin membership in one transaction; the form then signs in. */
export async function signUpAction(_previous: ActionState<{ orgId: string }>, formData: FormData): Promise<ActionResult<{ orgId: string }>> {
  return runAction(async () => {
    const { org } = await signUpWithOrganization(
      {
        name: formText(formData, "name") ?? "",
        email: formText(formData, "email") ?? "",
        password: formText(formData, "password") ?? "",
        orgName: formText(formData, "orgName") ?? "",
      },
      { ip: clientIp(await headers()) },
    );
    return { message: "Account created.", data: { orgId: org.id } };
  });
}
