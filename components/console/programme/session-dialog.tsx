"use client";

import { useCallback, useId, useRef, useState } from "react";
import { z } from "zod";
import { focusPageHeadingIfLost } from "@/components/forms/use-dialog-action";
import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { useToast } from "@/components/ui/toast";
import { SelectField, TextAreaField } from "./choice-fields";
import { SESSION_TYPE_OPTIONS } from "./session-type-label";
import { SpeakerPicker } from "./speaker-picker";

/**
 * Checked in the browser before sending: an empty date picker. The server's rules (those of
 * the import and the CLI) word it for ISO strings, which a date picker never shows.
 */
const pickedDates = z.object({
  startAt: z.string().min(1, "Pick the day and time the session starts."),
  endAt: z.string().min(1, "Pick the day and time the session ends."),
});

export type SessionFormValues = {
  id: string;
  title: string;
  type: string;
  startLocal: string;
  endLocal: string;
  room: string;
  trackId: string;
  description: string;
  /** Empty when uncapped. */
  capacity: string;
  speakerIds: string[];
};

export type SessionFormContext = {
  orgId: string;
  eventId: string;
  timezone: string;
  /** The event's start and end on the venue's clock ("2027-03-01T09:00"), to warn about a session outside them. */
  eventStartLocal: string;
  eventEndLocal: string;
  tracks: { id: string; name: string }[];
  rooms: { name: string }[];
  speakers: { id: string; name: string }[];
};

/**
 * "New session" or a row's "Edit": a button opening the session form in a dialog. The
 * form is mounted only while the dialog is open, so each opening starts from the stored
 * session with no earlier message. On success the dialog closes and a toast says what
 * happened (the page re-renders with the change).
 */
export function SessionDialogButton({
  context,
  session,
  action,
  testId,
}: {
  context: SessionFormContext;
  session?: SessionFormValues;
  action: FormAction<null>;
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const close = useCallback(() => setOpen(false), []);
  const toast = useToast();
  const onSuccess = useCallback(
    (result: { message: string }) => {
      setOpen(false);
      toast(result.message);
      focusPageHeadingIfLost();
    },
    [toast],
  );
  return (
    <>
      <Button ref={triggerRef} variant={session ? "secondary" : "primary"} size="sm" onClick={() => setOpen(true)} data-testid={testId}>
        {session ? (
          <>
            Edit<span className="sr-only"> {session.title}</span>
          </>
        ) : (
          "New session"
        )}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        labelId={labelId}
        returnFocusTo={triggerRef}
        title={session ? `Edit “${session.title}”` : "New session"}
        description={`Times are the venue's wall clock (${context.timezone}).`}
      >
        <SessionForm context={context} session={session} action={action} onSuccess={onSuccess} onCancel={close} />
      </Dialog>
    </>
  );
}

function SessionForm({
  context,
  session,
  action,
  onSuccess,
  onCancel,
}: {
  context: SessionFormContext;
  session?: SessionFormValues;
  action: FormAction<null>;
  onSuccess: (result: { message: string }) => void;
  onCancel: () => void;
}) {
  const { state, pending, formRef, formAction, onSubmit, fieldErrors, clientMessage, clearFieldError } = useFormAction(action, { onSuccess, schema: pickedDates });
  const idPrefix = session ? `session-${session.id}` : "new-session";
  const field = (name: string) => ({ name, error: fieldErrors[name], onInput: () => clearFieldError(name), idPrefix });
  const [times, setTimes] = useState({ start: session?.startLocal ?? "", end: session?.endLocal ?? "" });
  const outside = sessionOutsideEvent(times.start, times.end, context);
  // A double-booked room or speaker comes back as a warning; "Save anyway" sends the same
  // form confirmed. Any edit after the warning asks the server again.
  const conflict = state && !state.ok && state.reason === "programme_conflict" ? state : null;
  const [editedAfter, setEditedAfter] = useState<typeof conflict>(null);
  const warning = conflict && editedAfter !== conflict ? conflict : null;
  const edited = () => {
    if (conflict) setEditedAfter(conflict);
  };
  // A room typed by an import need not be one of the event's rooms; keep it selectable.
  const roomNames = context.rooms.map((room) => room.name);
  if (session?.room && !roomNames.includes(session.room)) roomNames.push(session.room);
  // Likewise a stored type this build does not list: shown as stored rather than silently
  // replaced by the first option; saving it then names the rule on the Type field.
  const known = !session || SESSION_TYPE_OPTIONS.some((option) => option.value === session.type);
  const types = known ? SESSION_TYPE_OPTIONS : [...SESSION_TYPE_OPTIONS, { value: session.type, label: session.type }];
  return (
    <form ref={formRef} noValidate action={formAction} onSubmit={onSubmit} onInput={edited} onChange={edited} aria-label={session ? "Edit the session" : "Add a session"} className="space-y-4">
      {warning ? <input type="hidden" name="confirmConflicts" value="1" /> : null}
      <input type="hidden" name="orgId" value={context.orgId} />
      <input type="hidden" name="eventId" value={context.eventId} />
      <input type="hidden" name="timezone" value={context.timezone} />
      {session ? <input type="hidden" name="sessionId" value={session.id} /> : null}
      <TextField {...field("title")} label="Title" defaultValue={session?.title} autoFocus required />
      <SelectField {...field("type")} label="Type" defaultValue={session?.type ?? "talk"} onChange={() => clearFieldError("type")}>
        {types.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <TextField {...field("startAt")} type="datetime-local" label="Starts" defaultValue={session?.startLocal} required onChange={(event) => {
          const start = event.currentTarget.value;
          setTimes((current) => ({ ...current, start }));
        }} />
      <TextField {...field("endAt")} type="datetime-local" label="Ends" defaultValue={session?.endLocal} required onChange={(event) => {
          const end = event.currentTarget.value;
          setTimes((current) => ({ ...current, end }));
        }} />
      {/* A warning, not a refusal: a pre-event workshop or an after-party may be intended. */}
      <p role="status" className={outside ? "rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200" : "sr-only"} data-testid="session-outside-event">
        {outside ? `This session is outside the event's dates (${wallClock(context.eventStartLocal)} to ${wallClock(context.eventEndLocal)}, ${context.timezone}). You can still save it.` : ""}
      </p>
      <SelectField {...field("room")} label="Room" defaultValue={session?.room ?? ""} onChange={() => clearFieldError("room")} optional>
        <option value="">No room</option>
        {roomNames.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <SelectField {...field("trackId")} label="Track" defaultValue={session?.trackId ?? ""} onChange={() => clearFieldError("trackId")} optional>
        <option value="">No track</option>
        {context.tracks.map((track) => (
          <option key={track.id} value={track.id}>
            {track.name}
          </option>
        ))}
      </SelectField>
      <TextField
        {...field("capacity")}
        label="Capacity"
        inputMode="numeric"
        defaultValue={session?.capacity}
        hint="Seats in the room; leave empty for no limit."
        optional
      />
      <SpeakerPicker speakers={context.speakers} initial={session?.speakerIds ?? []} errors={fieldErrors} idPrefix={idPrefix} />
      <TextAreaField {...field("description")} label="Description" rows={3} defaultValue={session?.description} optional />
      {/* Field errors say what is wrong; the code of a refused input (invalid_body) would only add noise. */}
      <p role="status" className={warning ? "rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200" : "sr-only"} data-testid="session-conflicts">
        {warning ? `${warning.message} Save anyway, or change the time, room or speakers.` : ""}
      </p>
      <FormStatus state={conflict ? null : state && !state.ok && state.fields ? { ...state, reason: undefined } : state} clientMessage={clientMessage} hideSuccess />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={pending} pendingLabel="Saving…" data-testid="save-session">
          {warning ? "Save anyway" : session ? "Save session" : "Add session"}
        </Button>
      </div>
    </form>
  );
}

/** Wall-clock values ("YYYY-MM-DDTHH:MM") compare as strings; an empty one is not judged. */
export function sessionOutsideEvent(start: string, end: string, event: { eventStartLocal: string; eventEndLocal: string }): boolean {
  return (start !== "" && (start < event.eventStartLocal || start > event.eventEndLocal)) || (end !== "" && (end > event.eventEndLocal || end < event.eventStartLocal));
}

const wallClock = (value: string) => value.replace("T", " ");
