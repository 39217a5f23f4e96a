"use server";

import { revokeAllSessions } from "@/lib/auth/revocation";
import { requireUser } from "@/lib/auth/session";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { changePassword } from "@/lib/auth/change-password";
import { proxiedClientAddress } from "@/lib/platform/http/client-address";
import { formText, runAction } from "@/lib/console/run-action";

/** "Sign out everywhere": ends every session of the signed-in user, this one included. */
export async function signOutEverywhereAction(): Promise<void> {
  const user = await requireUser();
  await revokeAllSessions(user.id);
}

/** Changes the password and ends every session: the next page is sign-in, with the new password. */
export async function changePasswordAction(formData: FormData): Promise<void> {
  const user = await requireUser("/console/account");
  const result = await runAction(async () => {
    await changePassword(user.id, { currentPassword: formText(formData, "currentPassword") ?? "", newPassword: formText(formData, "newPassword") ?? "" }, { ip: proxiedClientAddress(await headers()) });
    return { message: "", data: null };
  });
  if (result.ok) redirect(`/sign-in?passwordChanged=1&email=${encodeURIComponent(user.email)}`);
  const field = result.fields ? Object.keys(result.fields)[0] : undefined;
  redirect(`/console/account?refused=${encodeURIComponent(field ?? result.reason ?? result.code)}`);
}
