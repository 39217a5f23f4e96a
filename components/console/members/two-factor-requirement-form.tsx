"use client";

import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";

/** The admin's switch for requiring two-factor sign-in of every member. */
export function TwoFactorRequirementForm({ orgId, required, action }: { orgId: string; required: boolean; action: FormAction<null> }) {
  const { state, pending, formRef, formAction, onSubmit } = useFormAction(action);
  return (
    <form ref={formRef} action={formAction} onSubmit={onSubmit} className="space-y-3" aria-label="Two-factor requirement">
      <input type="hidden" name="orgId" value={orgId} />
      <input type="hidden" name="required" value={required ? "false" : "true"} />
      <Button type="submit" variant={required ? "secondary" : "primary"} pending={pending} pendingLabel="Saving…">
        {required ? "Stop requiring two-factor sign-in" : "Require two-factor sign-in"}
      </Button>
      <FormStatus state={state} />
    </form>
  );
}
