"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { requireUser } from "@/lib/auth/session";
import { confirmTwoFactorSetup, regenerateRecoveryCodes, startTwoFactorSetup } from "@/lib/auth/two-factor/authenticator";
import { disableTwoFactor } from "@/lib/auth/two-factor/disable";
import { TWO_FACTOR_SETUP_PATH } from "@/lib/auth/two-factor/paths";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import { formText, runAction } from "@/lib/console/run-action";
import { AppError } from "@/lib/platform/errors/app-error";
import { proxiedClientAddress } from "@/lib/platform/http/client-address";

export type RecoveryCodesView = { codes: string[] };

/** Starts setting up: a new secret, shown on the page until confirmed. */
export async function startTwoFactorSetupAction(formData: FormData): Promise<void> {
  const user = await requireUser(TWO_FACTOR_SETUP_PATH);
  // Already on (another tab finished setting up): the page shows that; anything else is an error.
  await startTwoFactorSetup(user.id).catch((error: unknown) => {
    if (!(error instanceof AppError && error.details?.reason === "two_factor_already_on")) throw error;
  });
  const required = formText(formData, "required");
  redirect(required ? `${TWO_FACTOR_SETUP_PATH}?required=${encodeURIComponent(required)}` : TWO_FACTOR_SETUP_PATH);
}

/** Turns two-factor on with a first valid code; the recovery codes come back this once. */
export async function confirmTwoFactorAction(_previous: ActionState<RecoveryCodesView>, formData: FormData): Promise<ActionResult<RecoveryCodesView>> {
  return runAction(async () => {
    const user = await requireUser(TWO_FACTOR_SETUP_PATH);
    const codes = await confirmTwoFactorSetup(user.id, formText(formData, "code") ?? "");
    return { message: "Two-factor sign-in is on.", data: { codes } };
  });
}

export async function regenerateRecoveryCodesAction(_previous: ActionState<RecoveryCodesView>, formData: FormData): Promise<ActionResult<RecoveryCodesView>> {
  return runAction(async () => {
    const user = await requireUser(TWO_FACTOR_SETUP_PATH);
    const codes = await regenerateRecoveryCodes(user.id, formText(formData, "code") ?? "");
    return { message: "New recovery codes made. The old ones no longer work.", data: { codes } };
  });
}

export async function disableTwoFactorAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  const result = await runAction(async () => {
    const user = await requireUser(TWO_FACTOR_SETUP_PATH);
    await disableTwoFactor(user.id, { password: formText(formData, "password") ?? "", code: formText(formData, "code") ?? "" }, { ip: proxiedClientAddress(await headers()) });
    return { message: "Two-factor sign-in is off.", data: null };
  });
  if (result.ok) redirect(`${TWO_FACTOR_SETUP_PATH}?turnedOff=1`);
  return result;
}
