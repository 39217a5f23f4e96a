"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { after } from "next/server";
import { requestPasswordReset } from "@/lib/auth/password-reset";
import { proxiedClientAddress } from "@/lib/platform/http/client-address";
import { formText, runAction } from "@/lib/console/run-action";

/** Same answer for every address; the link is made and mailed after the answer, so timing tells nothing either. */
export async function forgotPasswordAction(formData: FormData): Promise<void> {
  const result = await runAction(async () => {
    const { send } = await requestPasswordReset({ email: formText(formData, "email") ?? "" }, { ip: proxiedClientAddress(await headers()) });
    after(async () => {
      await send();
    });
    return { message: "", data: null };
  });
  redirect(result.ok ? "/forgot-password?sent=1" : `/forgot-password?refused=${encodeURIComponent(result.reason ?? result.code)}`);
}
