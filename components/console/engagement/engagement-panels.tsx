import Link from "next/link";
import { LIST_PARAMS, type EngagementList, type EngagementRecord } from "@/lib/console/engagement-lists";
import { ExportMenu } from "../exports/export-menu";
import { ActivityPanel } from "./activity-panel";
import { CheckInsTable, FeedbackTable, ScansTable, SubmissionsTable } from "./engagement-tables";
import { KeysetPager } from "./keyset-pager";

const FROM_APP = "It comes from the attendee app of the event-management service and appears here as attendees use it.";
const linkClass = "font-medium underline underline-offset-2";

/**
 * The read-only engagement lists, for the event's engagement section or (with `attendee`)
 * for one attendee's page. `path` and `query` are the page's own address and list cursors:
 * each list pages by its own parameter (?checkins=, ?scans=, ?answers=, ?feedback=).
 */
export function EngagementPanels({
  record,
  path,
  query,
  timezone,
  guestsPath,
  attendee,
  exportsPath,
}: {
  record: EngagementRecord;
  path: string;
  query: Partial<Record<EngagementList, string>>;
  timezone: string;
  guestsPath: string;
  attendee?: { id: string; displayName: string };
  /** The event's export route (the event's lists, not an attendee's share): each list gets an Export. */
  exportsPath?: string;
}) {
  const params = Object.fromEntries(Object.entries(LIST_PARAMS).map(([list, param]) => [param, query[list as EngagementList] ?? ""]));
  const pager = (list: EngagementList, next: string | null, label: string, anchor: string) => (
    <KeysetPager path={path} query={params} param={LIST_PARAMS[list]} next={next} label={label} anchor={anchor} />
  );
  const attendees = attendee ? null : guestsPath;
  const forWho = attendee ? ` for ${attendee.displayName}` : "";
  const fromWho = attendee ? ` from ${attendee.displayName}` : "";
  const exportOf = (list: string, label: string) => (exportsPath ? <ExportMenu href={`${exportsPath}/${list}`} label={label} testId={`export-${list}`} /> : null);
  const times = `Newest first; times at the venue (${timezone}).`;
  return (
    <>
      {record.checkIns ? (
        <ActivityPanel
          id="check-ins"
          title="Check-ins"
          description={times}
          empty={record.checkIns.rows.length ? null : { title: "No check-ins yet", next: <>Guests are checked in at the front desk: open the <Link className={linkClass} href={guestsPath}>guest list</Link> and use Check in.</> }}
          pager={pager("checkIns", record.checkIns.next, "Check-in pages", "check-ins")}
          actions={exportOf("check-ins", "check-ins")}
        >
          <CheckInsTable rows={record.checkIns.rows} timezone={timezone} attendees={attendees} />
        </ActivityPanel>
      ) : null}
      <ActivityPanel
        id="session-attendance"
        title="Session attendance"
        description={<>Door scans at session entrances. {times}</>}
        empty={record.scans.rows.length ? null : { title: `No session scans${forWho} yet`, next: <>Door staff scan attendees&apos; badges at session entrances with the attendee app. {FROM_APP}</> }}
        pager={pager("scans", record.scans.next, "Session attendance pages", "session-attendance")}
        actions={exportOf("session-attendance", "session attendance")}
      >
        <ScansTable rows={record.scans.rows} timezone={timezone} attendees={attendees} />
      </ActivityPanel>
      <ActivityPanel
        id="form-answers"
        title="Form answers"
        description={<>One per attendee and form; a correction raises the revision. {times}</>}
        empty={record.submissions.rows.length ? null : { title: `No form answers${fromWho} yet`, next: <>Answers arrive once a form is open: define one under Forms above (New form), then Open it. {FROM_APP}</> }}
        pager={pager("submissions", record.submissions.next, "Form answer pages", "form-answers")}
      >
        <SubmissionsTable rows={record.submissions.rows} timezone={timezone} attendees={attendees} />
      </ActivityPanel>
      <ActivityPanel
        id="feedback"
        title="Feedback"
        description={<>Ratings, reviews, suggestions and comments, shown as written (long comments cut). {times}</>}
        empty={record.feedback.rows.length ? null : { title: `No feedback${fromWho} yet`, next: <>Attendees rate sessions and leave feedback in the attendee app. {FROM_APP}</> }}
        pager={pager("feedback", record.feedback.next, "Feedback pages", "feedback")}
        actions={exportOf("feedback", "feedback")}
      >
        <FeedbackTable rows={record.feedback.rows} timezone={timezone} attendees={attendees} />
      </ActivityPanel>
    </>
  );
}
