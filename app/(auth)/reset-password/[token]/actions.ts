"use server";

import { redirect } from "next/navigation";
import { resetPassword } from "@/lib/auth/password-reset";
import { formText, runAction } from "@/lib/console/run-action";

export async function resetPasswordAction(formData: FormData): Promise<void> {
  const token = formText(formData, "token") ?? "";
  const result = await runAction(async () => ({ message: "", data: await resetPassword(token, { password: formText(formData, "password") ?? "" }) }));
  if (result.ok) redirect(`/sign-in?reset=1&email=${encodeURIComponent(result.data.email)}`);
  redirect(`/reset-password/${encodeURIComponent(token)}?refused=${encodeURIComponent(result.reason ?? result.code)}`);
}
