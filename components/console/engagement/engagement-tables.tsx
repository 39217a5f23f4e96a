import Link from "next/link";
import { cx, focusRing } from "@/components/ui/cx";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import type { CheckInRow, FeedbackRow, ScanRow, SubmissionRow } from "@/lib/console/engagement-lists";
import { AnswerList } from "./answer-list";
import { VenueTime } from "./venue-time";

// The engagement lists' tables. `attendees` is where names link (the event's guest list
// path); the attendee's own page passes null and leaves the attendee column out.

type Common = { timezone: string; attendees: string | null };

function AttendeeName({ base, id, name }: { base: string; id: string | null; name: string | null }) {
  if (!id || name === null) return <span className="text-zinc-500 dark:text-zinc-400">Removed attendee</span>;
  return (
    <Link href={`${base}/${id}`} className={cx("font-medium text-zinc-900 hover:underline dark:text-zinc-100", focusRing)} data-testid="attendee-link">
      {name}
    </Link>
  );
}

export function CheckInsTable({ rows, timezone, attendees }: Common & { rows: CheckInRow[] }) {
  return (
    <Table label="Check-ins" minWidth="28rem">
      <THead>
        {attendees ? <Th>Attendee</Th> : null}
        <Th>Checked in</Th>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.attendeeId} data-testid="check-in-row">
            {attendees ? (
              <Td>
                <AttendeeName base={attendees} id={row.attendeeId} name={row.displayName} />
                <div className="text-xs text-zinc-500 dark:text-zinc-400">{row.email}</div>
              </Td>
            ) : null}
            <Td label="Checked in"><VenueTime date={row.checkedInAt} timezone={timezone} /></Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

export function ScansTable({ rows, timezone, attendees }: Common & { rows: ScanRow[] }) {
  return (
    <Table label="Session attendance" minWidth="32rem">
      <THead>
        {attendees ? <Th>Attendee</Th> : null}
        <Th>Session</Th>
        <Th>Scanned</Th>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.id} data-testid="scan-row">
            {attendees ? <Td><AttendeeName base={attendees} id={row.attendeeId} name={row.displayName} /></Td> : null}
            <Td label="Session" className="break-words">{row.sessionTitle}</Td>
            <Td label="Scanned"><VenueTime date={row.scannedAt} timezone={timezone} /></Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

export function SubmissionsTable({ rows, timezone, attendees }: Common & { rows: SubmissionRow[] }) {
  return (
    <Table label="Form answers" minWidth="48rem">
      <THead>
        {attendees ? <Th>Attendee</Th> : null}
        <Th>Form</Th>
        <Th>Answers</Th>
        <Th>Revision</Th>
        <Th>Submitted</Th>
        <Th>Last changed</Th>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.id} data-testid="submission-row">
            {attendees ? <Td><AttendeeName base={attendees} id={row.attendeeId} name={row.displayName} /></Td> : null}
            <Td label="Form" className="break-words">{row.formName}</Td>
            <Td label="Answers" className="align-top sm:min-w-64 sm:max-w-xl"><AnswerList answers={row.answers} /></Td>
            <Td label="Revision" data-testid="submission-revision">{row.revision}</Td>
            <Td label="Submitted"><VenueTime date={row.submittedAt} timezone={timezone} /></Td>
            <Td label="Last changed">{row.revision > 1 ? <VenueTime date={row.updatedAt} timezone={timezone} /> : "—"}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

export function FeedbackTable({ rows, timezone, attendees }: Common & { rows: FeedbackRow[] }) {
  return (
    <Table label="Feedback" minWidth="40rem">
      <THead>
        {attendees ? <Th>From</Th> : null}
        <Th>Kind</Th>
        <Th>Rating</Th>
        <Th>Comment</Th>
        <Th>Sent</Th>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.id} data-testid="feedback-row">
            {attendees ? <Td><AttendeeName base={attendees} id={row.attendeeId} name={row.displayName} /></Td> : null}
            <Td label="Kind">
              {row.kind}
              {row.sessionTitle ? <div className="text-xs text-zinc-500 dark:text-zinc-400">on {row.sessionTitle}</div> : null}
            </Td>
            <Td label="Rating">{row.rating === null ? "—" : `${row.rating} / 5`}</Td>
            {/* Attendee-written text: rendered as text (React escapes it), wrapped, and cut at COMMENT_PREVIEW characters. */}
            <Td label="Comment" className="max-w-md break-words whitespace-pre-line" data-testid="feedback-comment">
              {row.comment === null ? "—" : `${row.comment}${row.commentTruncated ? "…" : ""}`}
            </Td>
            <Td label="Sent"><VenueTime date={row.createdAt} timezone={timezone} /></Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
