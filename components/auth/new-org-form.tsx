"use client";

import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { newOrganizationSchema } from "@/lib/auth/form-schemas";

/** A signed-in user creates another organization (the action redirects into it). */
export function NewOrgForm({ action }: { action: FormAction<null> }) {
  const { state, pending, formRef, formAction, onSubmit, fieldErrors, clientMessage } = useFormAction(action, {
    schema: newOrganizationSchema,
  });
  return (
    <form ref={formRef} noValidate action={formAction} onSubmit={onSubmit} className="space-y-5" aria-label="Create an organization">
      <TextField name="orgName" label="Organization name" autoComplete="organization" required error={fieldErrors.orgName} idPrefix="new-org" />
      <FormStatus state={state} clientMessage={clientMessage} hideSuccess />
      <Button type="submit" className="w-full" pending={pending} pendingLabel="Creating…">
        Create organization
      </Button>
    </form>
  );
}
