"use server";

import { redirect } from "next/navigation";
import { requireUser } from "@/lib/auth/session";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import { formText, runAction } from "@/lib/console/run-action";
import { createOrganizationForUser } from "@/lib/domain/orgs/sign-up";

export async function createOrganizationAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  const result = await runAction(async () => {
    const user = await requireUser("/console/new");
    const org = await createOrganizationForUser(user.id, { orgName: formText(formData, "orgName") ?? "" });
    return { message: "Organization created.", data: org.id };
  });
  if (result.ok) redirect(`/console/${result.data}`);
  return result;
}
