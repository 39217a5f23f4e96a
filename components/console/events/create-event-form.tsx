"use client";

import { useCallback, useState } from "react";
import { useRouter } from "next/navigation";
import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/console/programme/choice-fields";
import { TextField } from "@/components/ui/field";
import { suggestEventSlug } from "@/lib/domain/events/event-input";
import { FormStatus } from "@/components/ui/form-status";

/** A new draft event. Dates are the venue's wall clock in the event's time zone. */
export function CreateEventForm({ orgId, action }: { orgId: string; action: FormAction<{ id: string }> }) {
  const router = useRouter();
  const onSuccess = useCallback(
    (result: { data: { id: string } }) => router.push(`/console/${orgId}/events/${result.data.id}`),
    [router, orgId],
  );
  const { state, pending, formRef, formAction, onSubmit, fieldErrors, clientMessage, clearFieldError } = useFormAction(action, { onSuccess });
  const field = (name: string) => ({ name, error: fieldErrors[name], onInput: () => clearFieldError(name), idPrefix: "event" });
  // The slug follows the name until the admin types one of their own.
  const [slug, setSlug] = useState({ value: "", edited: false });
  return (
    <form ref={formRef} noValidate action={formAction} onSubmit={onSubmit} aria-label="Create an event" className="space-y-5">
      <input type="hidden" name="orgId" value={orgId} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...field("name")}
          label="Name"
          placeholder="Spring Summit 2027"
          required
          onInput={(event) => {
            clearFieldError("name");
            const name = event.currentTarget.value;
            setSlug((current) => (current.edited ? current : { value: suggestEventSlug(name), edited: false }));
          }}
        />
        <TextField
          {...field("slug")}
          label="Slug"
          hint="Suggested from the name. Lowercase letters, digits and dashes; unique in the organization."
          placeholder="spring-summit-2027"
          required
          value={slug.value}
          onChange={(event) => setSlug({ value: event.currentTarget.value, edited: event.currentTarget.value !== "" })}
          onInput={() => clearFieldError("slug")}
        />
        <TextField {...field("startAt")} type="datetime-local" label="Starts" required />
        <TextField {...field("endAt")} type="datetime-local" label="Ends" required />
        <TextField {...field("timezone")} label="Time zone" hint="The venue's; the dates above are read in it." placeholder="Europe/Amsterdam" defaultValue="Europe/Amsterdam" required />
        <TextField {...field("location")} label="Location" placeholder="Amsterdam" optional />
        <div className="sm:col-span-2">
          <TextAreaField {...field("description")} label="Description" hint="Partners read it as the event's description." rows={3} optional />
        </div>
      </div>
      <div className="flex flex-col gap-3 border-t border-zinc-200 pt-5 sm:flex-row sm:items-center dark:border-zinc-800">
        <Button type="submit" pending={pending} pendingLabel="Creating…" data-testid="create-event">
          Create draft event
        </Button>
        <FormStatus state={state} clientMessage={clientMessage} />
      </div>
    </form>
  );
}
