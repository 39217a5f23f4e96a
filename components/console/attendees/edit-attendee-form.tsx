"use client";

import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";

export type EditableAttendee = { id: string; displayName: string; company: string | null; jobTitle: string | null };

/**
 * The fields the Partner API's PATCH accepts (email is immutable, status and badge are the
 * service's). A blank company or job title clears it; saving unchanged values records nothing.
 */
export function EditAttendeeForm({ orgId, eventId, attendee, action }: { orgId: string; eventId: string; attendee: EditableAttendee; action: FormAction<null> }) {
  const { state, pending, formRef, formAction, onSubmit, fieldErrors, clientMessage, clearFieldError } = useFormAction(action);
  const field = (name: string) => ({ name, error: fieldErrors[name], onInput: () => clearFieldError(name), idPrefix: "edit-attendee" });
  return (
    <form ref={formRef} noValidate action={formAction} onSubmit={onSubmit} aria-label="Edit the attendee" className="space-y-5 px-4 py-4 sm:px-6">
      <input type="hidden" name="orgId" value={orgId} />
      <input type="hidden" name="eventId" value={eventId} />
      <input type="hidden" name="attendeeId" value={attendee.id} />
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField {...field("displayName")} label="Name" defaultValue={attendee.displayName} required />
        <TextField {...field("company")} label="Company" defaultValue={attendee.company ?? ""} optional />
        <TextField {...field("jobTitle")} label="Job title" defaultValue={attendee.jobTitle ?? ""} optional />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" pending={pending} pendingLabel="Saving…" data-testid="save-attendee">
          Save changes
        </Button>
        <FormStatus state={state} clientMessage={clientMessage} />
      </div>
    </form>
  );
}
