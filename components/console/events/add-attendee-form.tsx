"use client";

import { useCallback } from "react";
import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";

/** Adds one attendee with the Partner API's rules (POST …/attendees); records attendee.created. */
export function AddAttendeeForm({ orgId, eventId, action }: { orgId: string; eventId: string; action: FormAction<null> }) {
  const onSuccess = useCallback((_result: unknown, form: HTMLFormElement | null) => form?.reset(), []);
  const { state, pending, formRef, formAction, onSubmit, fieldErrors, clientMessage, clearFieldError } = useFormAction(action, { onSuccess });
  const field = (name: string) => ({ name, error: fieldErrors[name], onInput: () => clearFieldError(name), idPrefix: "attendee" });
  return (
    <form ref={formRef} noValidate action={formAction} onSubmit={onSubmit} aria-label="Add an attendee" className="space-y-4 px-4 py-4 sm:px-6">
      <input type="hidden" name="orgId" value={orgId} />
      <input type="hidden" name="eventId" value={eventId} />
      <div className="grid gap-4 sm:grid-cols-4">
        <TextField {...field("email")} type="email" label="Email" placeholder="ada@example.com" required />
        <TextField {...field("displayName")} label="Name" hint="Defaults to the part before the @." optional />
        <TextField {...field("company")} label="Company" optional />
        <TextField {...field("jobTitle")} label="Job title" optional />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" pending={pending} pendingLabel="Adding…" data-testid="add-attendee">
          Add attendee
        </Button>
        <FormStatus state={state} clientMessage={clientMessage} />
      </div>
    </form>
  );
}
