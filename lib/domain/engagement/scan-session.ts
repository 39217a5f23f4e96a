import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { toSessionAttendance } from "@/lib/domain/resources/projections";
import type { SessionAttendanceResource } from "@/lib/domain/resources/resources";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { commitAndAnnounce } from "@/lib/domain/webhooks/commit-and-announce";
import { sessionAttendancePayload } from "@/lib/domain/webhooks/payloads";
import { assertAttendeeNotRevoked,
  assertEventOpenForEngagement,
  isUuid,
  lockOrgAttendee,
} from "./engagement-rows";

/**
 * A door scan: the attendee entered a session. One SessionAttendance per session and
 * attendee; the first scan records `session_attendance.created`, a repeat scan changes
 * nothing and records nothing (`created: false`). Attendee and session must belong to
 * the same event (else 400 naming attendeeId).
 */
export async function scanSession(
  orgId: string,
  input: { sessionId: string; attendeeId: string },
  actor: Actor,
): Promise<{ attendance: SessionAttendanceResource; created: boolean }> {
  const { sessionId, attendeeId } = input;
  const { result } = await commitAndAnnounce(orgId, async (tx, announce) => {
    const { eventStatus, ...attendee } = await lockOrgAttendee(tx, orgId, attendeeId);
    const session = isUuid(sessionId)
      ? await tx.session.findFirst({ where: { id: sessionId, event: { orgId } }, select: { id: true, eventId: true, title: true } })
      : null;
    if (!session) throw new AppError("NOT_FOUND", "No such session.");
    if (session.eventId !== attendee.eventId) {
      throw validationError([
        { code: "custom", path: ["attendeeId"], message: "The attendee is not on the guest list of this session's event.", input: attendeeId },
      ]);
    }

    const existing = await tx.sessionAttendance.findUnique({ where: { sessionId_attendeeId: { sessionId, attendeeId } } });
    if (existing) return { attendance: toSessionAttendance(existing), recorded: null };
    assertEventOpenForEngagement(eventStatus);
    assertAttendeeNotRevoked(attendee);

    const row = await tx.sessionAttendance.create({
      data: { eventId: attendee.eventId, sessionId, attendeeId, scannedAt: new Date() },
    });
    const id = await announce({ type: "session_attendance.created", data: sessionAttendancePayload(row) });
    await recordAudit(tx, orgId, actor, {
      action: "attendee.session_scanned",
      target: { type: "attendee", id: attendeeId, label: attendee.displayName },
      summary: { session: session.title, sessionId, scannedAt: row.scannedAt.toISOString() },
    });
    return { attendance: toSessionAttendance(row), recorded: id };
  });
  return { attendance: result.attendance, created: result.recorded !== null };
}
