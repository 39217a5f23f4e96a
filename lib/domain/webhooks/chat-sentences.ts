import { getDb } from "@/lib/platform/db/client";
import { config } from "@/lib/platform/config/env";

// One short sentence per event type for the chat formats ("Ada Lovelace checked in to
// Nordic Dev Summit at 09:12 (Europe/Oslo)"), with times in the venue's time zone and a
// link to the console page of the record where one exists. Names come from the body's
// data where it carries them, otherwise from the records (read at send time).

export type ChatMessage = { sentence: string; title: string; link: { url: string; label: string } | null };

type Body = { id: string; type: string; createdAt: string; data: Record<string, unknown> };

type EventInfo = { id: string; name: string; timezone: string };

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);

function consoleOrigin(): string {
  return new URL(config().nextAuthUrl ?? `http://localhost:${process.env.PORT ?? 3000}`).origin;
}

/** "09:12" in the venue's zone; "12 May 2027, 09:12" when `withDate`. */
export function venueTime(iso: string, timeZone: string, withDate = false): string {
  const date = new Date(iso);
  const options: Intl.DateTimeFormatOptions = { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
  if (withDate) Object.assign(options, { day: "numeric", month: "short", year: "numeric" });
  try {
    return new Intl.DateTimeFormat("en-GB", options).format(date);
  } catch {
    return new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" }).format(date);
  }
}

async function loadEvent(orgId: string, eventId: string | null): Promise<EventInfo | null> {
  if (!eventId) return null;
  return getDb().event.findFirst({ where: { id: eventId, orgId }, select: { id: true, name: true, timezone: true } }).catch(() => null);
}

async function sessionOf(sessionId: unknown): Promise<{ title: string; eventId: string } | null> {
  const id = text(sessionId);
  return id ? getDb().session.findUnique({ where: { id }, select: { title: true, eventId: true } }).catch(() => null) : null;
}

async function attendeeName(attendeeId: unknown): Promise<string | null> {
  const id = text(attendeeId);
  if (!id) return null;
  const row = await getDb().attendee.findUnique({ where: { id }, select: { displayName: true } }).catch(() => null);
  return row?.displayName ?? null;
}

/** The chat message for one webhook body of the organization. */
export async function chatMessage(orgId: string, body: Body): Promise<ChatMessage> {
  const origin = consoleOrigin();
  const data = body.data ?? {};
  const orgPath = `${origin}/console/${orgId}`;
  const zoneNote = (event: EventInfo) => `(${event.timezone})`;

  switch (body.type) {
    case "event.updated":
    case "event.published": {
      const event = await loadEvent(orgId, text(data.id));
      const name = text(data.name) ?? event?.name ?? "An event";
      const zone = text(data.timezone) ?? event?.timezone ?? "UTC";
      const starts = text(data.startAt);
      const sentence =
        body.type === "event.published"
          ? `${name} was published${starts ? `: it starts ${venueTime(starts, zone, true)} (${zone})` : ""}.`
          : `${name} was updated.`;
      return { sentence, title: name, link: { url: `${orgPath}/events/${String(data.id)}`, label: "Open the event" } };
    }
    case "attendee.created":
    case "attendee.updated":
    case "attendee.deleted":
    case "attendee.checked_in": {
      const event = await loadEvent(orgId, text(data.eventId));
      const who = text(data.displayName) ?? "A guest";
      const where = event?.name ?? "the event";
      const guestUrl = `${orgPath}/events/${String(data.eventId)}/guests/${String(data.id)}`;
      const eventUrl = `${orgPath}/events/${String(data.eventId)}`;
      if (body.type === "attendee.checked_in") {
        const at = text(data.checkedInAt) ?? body.createdAt;
        const time = event ? ` at ${venueTime(at, event.timezone)} ${zoneNote(event)}` : "";
        return { sentence: `${who} checked in to ${where}${time}.`, title: `Check-in: ${who}`, link: { url: guestUrl, label: "Open the guest" } };
      }
      if (body.type === "attendee.created") {
        return { sentence: `${who} was added to the guest list of ${where}.`, title: `New guest: ${who}`, link: { url: guestUrl, label: "Open the guest" } };
      }
      if (body.type === "attendee.updated") {
        return { sentence: `${who}'s details changed for ${where}.`, title: `Guest updated: ${who}`, link: { url: guestUrl, label: "Open the guest" } };
      }
      return { sentence: `${who} was removed from the guest list of ${where}.`, title: `Guest removed: ${who}`, link: { url: eventUrl, label: "Open the event" } };
    }
    case "session.created":
    case "session.updated":
    case "session.deleted": {
      const event = await loadEvent(orgId, text(data.eventId));
      const title = text(data.title) ?? "A session";
      const where = event?.name ?? "the event";
      const starts = text(data.startAt);
      const link = { url: `${orgPath}/events/${String(data.eventId)}/programme`, label: "Open the programme" };
      if (body.type === "session.created") {
        const when = starts && event ? `, ${venueTime(starts, event.timezone, true)} ${zoneNote(event)}` : "";
        return { sentence: `New session in ${where}: “${title}”${when}.`, title: `New session: ${title}`, link };
      }
      if (body.type === "session.updated") return { sentence: `The session “${title}” of ${where} was changed.`, title: `Session changed: ${title}`, link };
      return { sentence: `The session “${title}” was removed from ${where}.`, title: `Session removed: ${title}`, link };
    }
    case "session_attendance.created": {
      const session = await sessionOf(data.sessionId);
      const event = await loadEvent(orgId, session?.eventId ?? null);
      const who = (await attendeeName(data.attendeeId)) ?? "A guest";
      const title = session?.title ?? "a session";
      const at = text(data.scannedAt) ?? body.createdAt;
      const time = event ? ` at ${venueTime(at, event.timezone)} ${zoneNote(event)}` : "";
      const link = session ? { url: `${orgPath}/events/${session.eventId}/guests/${String(data.attendeeId)}`, label: "Open the guest" } : null;
      return { sentence: `${who} joined “${title}”${time}.`, title: `Session attendance: ${who}`, link };
    }
    case "form.submission.created": {
      const event = await loadEvent(orgId, text(data.eventId));
      const who = (await attendeeName(data.attendeeId)) ?? "A guest";
      const form = text(data.formId) ? await getDb().form.findUnique({ where: { id: String(data.formId) }, select: { name: true } }).catch(() => null) : null;
      const sentence = `${who} submitted the form “${form?.name ?? "a form"}” for ${event?.name ?? "the event"}.`;
      return { sentence, title: `Form submitted: ${who}`, link: { url: `${orgPath}/events/${String(data.eventId)}/guests/${String(data.attendeeId)}`, label: "Open the guest" } };
    }
    case "feedback.created": {
      const session = await sessionOf(data.sessionId);
      const feedback = text(data.id) ? await getDb().feedback.findUnique({ where: { id: String(data.id) }, select: { eventId: true } }).catch(() => null) : null;
      const event = await loadEvent(orgId, feedback?.eventId ?? session?.eventId ?? null);
      const about = session ? `“${session.title}”` : (event?.name ?? "the event");
      const rating = typeof data.rating === "number" ? ` (${data.rating}/5)` : "";
      const kind = text(data.kind) ?? "feedback";
      const sentence = `New ${kind}${rating} on ${about}${text(data.comment) ? `: “${String(data.comment).slice(0, 200)}”` : "."}`;
      const link = event ? { url: `${orgPath}/events/${event.id}/engagement`, label: "Open engagement" } : null;
      return { sentence, title: `New ${kind}`, link };
    }
    default:
      return { sentence: text(data.message) ?? `Test ping: this endpoint is receiving webhooks.`, title: "Test ping", link: null };
  }
}
