"use client";

import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";

/** A signed-in user with the invited address joins with one click (the action redirects). */
export function AcceptInviteForm({ action, token, orgName }: { action: FormAction<null>; token: string; orgName: string }) {
  const { state, pending, formAction, onSubmit } = useFormAction(action);
  return (
    <form action={formAction} onSubmit={onSubmit} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <FormStatus state={state} hideSuccess />
      <Button type="submit" className="w-full" pending={pending} pendingLabel="Joining…">
        Join {orgName}
      </Button>
    </form>
  );
}
