"use server";

import { consoleAction } from "@/lib/console/action";
import { setTwoFactorRequirement } from "@/lib/domain/orgs/two-factor-requirement";

/** Requires (or stops requiring) two-factor sign-in of every member. Admins only. */
export const setTwoFactorRequirementAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const required = form.text("required") === "true";
  await setTwoFactorRequirement(orgId, required, actor);
  return {
    message: required
      ? "Two-factor sign-in is now required. Members without it are asked to set it up before they can open this organization."
      : "Two-factor sign-in is no longer required.",
    data: null,
  };
});
