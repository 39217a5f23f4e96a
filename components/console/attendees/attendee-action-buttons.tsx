import type { FormAction } from "@/components/forms/use-form-action";
import { ConfirmedChangeButton } from "../confirmed-change-button";

import { canUndoCheckIn } from "@/lib/domain/engagement/check-in-window";

/** What the viewer may do: admins everything, door staff checkIn and undoCheckIn only. */
export type AttendeeActions = {
  checkIn: FormAction<null>;
  undoCheckIn?: FormAction<null>;
  revoke?: FormAction<null>;
  restore?: FormAction<null>;
  remove?: FormAction<null>;
};

/**
 * Check in, revoke or restore, and remove: the moves the attendee state table allows from
 * the attendee's status, for a guest-list row and for the attendee's own page; a check-in
 * can be undone for a few minutes (lib/domain/engagement/undo-check-in.ts).
 */
export function AttendeeActionButtons({
  orgId,
  eventId,
  attendee,
  actions,
}: {
  orgId: string;
  eventId: string;
  attendee: { id: string; displayName: string; status: string; checkedInAt: Date | null };
  actions: AttendeeActions;
}) {
  const fields = { orgId, eventId, attendeeId: attendee.id };
  const name = attendee.displayName;
  // A check-in (or its undo) replaces the pressed button: focus stays with this attendee's
  // buttons (the door checks in the next guest from the same list), not the page heading.
  const here = `[data-attendee-actions="${attendee.id}"]`;
  const stay = (testId: string) => ({ focusAfter: [`${here} [data-testid="${testId}"]`, `${here} button`] });
  return (
    <div className="flex flex-wrap justify-end gap-2 sm:flex-nowrap" data-attendee-actions={attendee.id}>
      {attendee.status !== "revoked" && !attendee.checkedInAt ? (
        <ConfirmedChangeButton fields={fields} action={actions.checkIn} label="Check in" srLabel={name} title={`Check in ${name}?`} description="Records their arrival now; subscribed endpoints receive attendee.checked_in. One check-in per attendee." confirmLabel="Check in" pendingLabel="Checking in…" testId="check-in" {...stay("undo-check-in")} />
      ) : null}
      {actions.undoCheckIn && canUndoCheckIn(attendee.checkedInAt) ? (
        <ConfirmedChangeButton fields={fields} action={actions.undoCheckIn} label="Undo check-in" srLabel={name} title={`Undo ${name}'s check-in?`} description="For a guest checked in by mistake, within 10 minutes: their arrival is removed and endpoints receive attendee.updated with checkedInAt null." confirmLabel="Undo check-in" pendingLabel="Undoing…" testId="undo-check-in" {...stay("check-in")} />
      ) : null}
      {!actions.restore || !actions.revoke ? null : attendee.status === "revoked" ? (
        <ConfirmedChangeButton fields={fields} action={actions.restore} label="Restore" srLabel={name} title={`Restore ${name}?`} description="They return to the guest list (active if they had signed in, invited otherwise); endpoints receive attendee.updated." confirmLabel="Restore" pendingLabel="Restoring…" testId="restore-attendee" {...stay("revoke-attendee")} />
      ) : (
        <ConfirmedChangeButton fields={fields} action={actions.revoke} danger label="Revoke" srLabel={name} title={`Revoke ${name}?`} description="They stay in the record but can no longer check in, scan or answer; endpoints receive attendee.updated with status revoked. You can restore them later." confirmLabel="Revoke" pendingLabel="Revoking…" testId="revoke-attendee" {...stay("restore-attendee")} />
      )}
      {actions.remove ? <ConfirmedChangeButton fields={fields} action={actions.remove} danger label="Remove" srLabel={name} title={`Remove ${name} for good?`} description="Their check-in, scans and answers are deleted with them (feedback stays, unattributed); endpoints receive attendee.deleted. This cannot be undone; revoke instead to keep the record." confirmLabel="Remove" pendingLabel="Removing…" testId="remove-attendee" /> : null}
    </div>
  );
}
