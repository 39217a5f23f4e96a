"use client";

import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/console/programme/choice-fields";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";

export type EditableEvent = { id: string; name: string; slug: string; timezone: string; location: string; description: string; startLocal: string; endLocal: string };

/** The event's details; dates are the venue's wall clock in the event's time zone. */
export function EditEventForm({ orgId, event, action }: { orgId: string; event: EditableEvent; action: FormAction<null> }) {
  const { state, pending, formRef, formAction, onSubmit, fieldErrors, clientMessage, clearFieldError } = useFormAction(action);
  const field = (name: string) => ({ name, error: fieldErrors[name], onInput: () => clearFieldError(name), idPrefix: "edit-event" });
  return (
    <form ref={formRef} noValidate action={formAction} onSubmit={onSubmit} aria-label="Edit the event" className="space-y-5 px-4 py-4 sm:px-6">
      <input type="hidden" name="orgId" value={orgId} />
      <input type="hidden" name="eventId" value={event.id} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field("name")} label="Name" defaultValue={event.name} required />
        <TextField {...field("slug")} label="Slug" defaultValue={event.slug} required />
        <TextField {...field("startAt")} type="datetime-local" label="Starts" defaultValue={event.startLocal} required />
        <TextField {...field("endAt")} type="datetime-local" label="Ends" defaultValue={event.endLocal} required />
        <TextField {...field("timezone")} label="Time zone" defaultValue={event.timezone} required />
        <TextField {...field("location")} label="Location" defaultValue={event.location} optional />
        <div className="sm:col-span-2">
          <TextAreaField {...field("description")} label="Description" hint="Partners read it as the event's description." defaultValue={event.description} rows={4} optional />
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" pending={pending} pendingLabel="Saving…" data-testid="save-event">
          Save changes
        </Button>
        <FormStatus state={state} clientMessage={clientMessage} />
      </div>
    </form>
  );
}
