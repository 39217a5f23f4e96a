import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { cx, focusRing } from "@/components/ui/cx";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/field";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import { ATTENDEE_STATUSES, type GuestRow } from "@/lib/console/guest-list";
import { formatBadgeCode } from "@/lib/domain/badges/badge-code";
import { VenueTime } from "../engagement/venue-time";
import { statusTone } from "./event-dates";
import { AttendeeActionButtons, type AttendeeActions } from "../attendees/attendee-action-buttons";

export type GuestActions = AttendeeActions;

/** Search (name, email, company), status filter, keyset "next page", and per-row actions for admins. */
export function GuestList({
  orgId,
  eventId,
  rows,
  next,
  q,
  status,
  actions,
  archived,
  timezone,
  linkToAttendee = true,
}: {
  orgId: string;
  eventId: string;
  rows: GuestRow[];
  next: string | null;
  q: string;
  status: string;
  actions: GuestActions | null;
  archived: boolean;
  /** The venue's zone: a check-in is read at the door. */
  timezone: string;
  /** Door staff have no attendee pages: the name is plain text for them. */
  linkToAttendee?: boolean;
}) {
  const base = `/console/${orgId}/events/${eventId}/guests`;
  const params = (extra: Record<string, string>) => new URLSearchParams({ ...(q ? { q } : {}), ...(status ? { status } : {}), ...extra });
  return (
    <>
      <form role="search" aria-label="Search the guest list" className="flex flex-col gap-3 px-4 pt-4 sm:flex-row sm:items-end sm:px-6" action={base}>
        <label className="flex-1 text-sm font-medium text-zinc-900 dark:text-zinc-100">
          Name, email, company or badge code
          <input name="q" defaultValue={q} className={cx(inputClasses, "mt-1")} />
        </label>
        <label className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          Status
          <select name="status" defaultValue={status} className={cx(inputClasses, "mt-1")}>
            <option value="">Any</option>
            {ATTENDEE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={cx("rounded-md bg-zinc-900 px-3 py-2 text-sm font-medium text-white dark:bg-zinc-100 dark:text-zinc-900", focusRing)}>
          Search
        </button>
      </form>
      {rows.length === 0 ? (
        <EmptyState title={q || status ? "No attendee matches" : "No attendees yet"}>
          {q || status ? "Clear the search to see the whole list." : "Attendees appear here when an admin adds them, a data source imports them or a connected app registers them."}
        </EmptyState>
      ) : (
        <Table label="Guest list" minWidth="52rem">
          <THead>
            <Th>Attendee</Th>
            <Th>Company</Th>
            <Th>Badge</Th>
            <Th>Status</Th>
            <Th>Checked in</Th>
            {actions ? (
              <Th className="text-right">
                <span className="sr-only">Actions</span>
              </Th>
            ) : null}
          </THead>
          <TBody>
            {rows.map((guest) => {
              return (
                <Tr key={guest.id} data-testid="guest-row" data-attendee-id={guest.id}>
                  <Td className="max-w-72 break-words max-sm:max-w-none max-sm:pb-2">
                    {linkToAttendee ? (
                      <Link href={`${base}/${guest.id}`} className={cx("font-medium text-zinc-900 hover:underline dark:text-zinc-100", focusRing)} data-testid="guest-link">
                        {guest.displayName}
                      </Link>
                    ) : (
                      <span className="font-medium text-zinc-900 dark:text-zinc-100" data-testid="guest-name">{guest.displayName}</span>
                    )}
                    <div className="text-xs text-zinc-500 dark:text-zinc-400">{guest.email}</div>
                  </Td>
                  <Td label="Company">{guest.company ?? "—"}</Td>
                  <Td label="Badge">
                    <span className="font-mono whitespace-nowrap" data-testid="badge-code">{formatBadgeCode(guest.badgeCode)}</span>
                  </Td>
                  <Td label="Status">
                    <Badge tone={statusTone(guest.status)}>{guest.status}</Badge>
                  </Td>
                  <Td label="Checked in">
                    {guest.checkedInAt ? (
                      <span data-testid="checked-in-at">
                        Checked in at <VenueTime date={guest.checkedInAt} timezone={timezone} />
                      </span>
                    ) : (
                      "Not yet"
                    )}
                  </Td>
                  {actions ? (
                    <Td className="text-right sm:whitespace-nowrap">
                      {archived ? (
                        <span className="text-xs text-zinc-500 dark:text-zinc-400">Archived: read-only</span>
                      ) : (
                        <AttendeeActionButtons orgId={orgId} eventId={eventId} attendee={guest} actions={actions} />
                      )}
                    </Td>
                  ) : null}
                </Tr>
              );
            })}
          </TBody>
        </Table>
      )}
      <nav aria-label="Guest list pages" className="flex justify-end gap-3 px-4 py-3 text-sm sm:px-6">
        {rows.length > 0 ? (
          <Link href={`${base}?${params({})}`} className={cx("text-indigo-700 hover:underline dark:text-indigo-300", focusRing)}>
            First page
          </Link>
        ) : null}
        {next ? (
          <Link href={`${base}?${params({ after: next })}`} data-testid="guests-next" className={cx("text-indigo-700 hover:underline dark:text-indigo-300", focusRing)}>
            Next page
          </Link>
        ) : null}
      </nav>
    </>
  );
}
