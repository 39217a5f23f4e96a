import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { isValidBadgeCode } from "@/lib/domain/badges/badge-code";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { createOrganization } from "@/lib/domain/orgs/organizations";
import { answerMatchesType, FORM_FIELD_TYPES, type FormField } from "./demo-forms";
import { seedDemoData, type SeedDemoResult } from "./demo-seed";

describe("seedDemoData", () => {
  let orgId: string;
  let result: SeedDemoResult;
  const now = new Date();

  beforeAll(async () => {
    orgId = (await createOrganization({ name: `Seed test ${randomUUID().slice(0, 8)}` })).id;
    result = await seedDemoData(orgId, { events: 3, attendees: 150, seed: 20260910, now });
  });

  it("creates events in every status with unique slugs", async () => {
    const events = await getDb().event.findMany({ where: { orgId } });
    expect(events).toHaveLength(3);
    expect(new Set(events.map((event) => event.status))).toEqual(new Set(["draft", "published", "archived"]));
    expect(new Set(events.map((event) => event.slug)).size).toBe(3);
    for (const event of events) {
      expect(event.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(event.endAt.getTime()).toBeGreaterThan(event.startAt.getTime());
      expect(event.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(event.updatedAt.getTime()).toBeGreaterThanOrEqual(event.createdAt.getTime());
    }
    expect(result.events[0].status).toBe("published");
    expect(result.events[0].attendees).toBe(150);
    expect(await getDb().attendee.count({ where: { eventId: result.events[0].id } })).toBe(150);
    for (const event of result.events.slice(1)) {
      expect(event.attendees).toBeGreaterThanOrEqual(24);
      expect(event.attendees).toBeLessThanOrEqual(48);
    }
  });

  it("reports counts that match the database", async () => {
    const db = getDb();
    const eventIds = result.events.map((event) => event.id);
    const where = { eventId: { in: eventIds } };
    expect(result.counts).toEqual({
      events: 3,
      tracks: await db.track.count({ where }),
      rooms: await db.room.count({ where }),
      speakers: await db.speaker.count({ where }),
      sessions: await db.session.count({ where }),
      sessionSpeakers: await db.sessionSpeaker.count({ where: { session: where } }),
      sponsors: await db.sponsor.count({ where }),
      infoSections: await db.infoSection.count({ where }),
      attendees: await db.attendee.count({ where }),
      checkIns: await db.checkIn.count({ where }),
      sessionAttendance: await db.sessionAttendance.count({ where }),
      forms: await db.form.count({ where }),
      formSubmissions: await db.formSubmission.count({ where: { form: where } }),
      feedback: await db.feedback.count({ where }),
    });
  });

  it("builds a programme: coloured tracks, rooms, speakers with and without photos, many session types", async () => {
    const db = getDb();
    for (const { id: eventId } of result.events) {
      const tracks = await db.track.findMany({ where: { eventId } });
      expect(tracks.length).toBeGreaterThanOrEqual(3);
      for (const track of tracks) expect(track.color).toMatch(/^#[0-9A-Fa-f]{6}$/);
      expect(await db.room.count({ where: { eventId } })).toBeGreaterThanOrEqual(3);

      const speakers = await db.speaker.findMany({ where: { eventId } });
      expect(speakers.some((s) => s.photoUrl && !s.photoPath)).toBe(true);
      expect(speakers.some((s) => s.photoPath && !s.photoUrl)).toBe(true);
      expect(speakers.some((s) => !s.photoUrl && !s.photoPath)).toBe(true);
      for (const speaker of speakers) {
        if (speaker.photoUrl) expect(() => new URL(speaker.photoUrl!)).not.toThrow();
      }

      const sessions = await db.session.findMany({ where: { eventId }, include: { speakers: true } });
      const types = new Set(sessions.map((session) => session.type));
      for (const type of ["keynote", "talk", "panel", "workshop", "break", "meal", "networking"]) {
        expect(types).toContain(type);
      }
      expect(sessions.some((session) => session.capacity === null)).toBe(true);
      expect(sessions.some((session) => session.capacity !== null)).toBe(true);
      expect(sessions.some((session) => session.trackId !== null)).toBe(true);
      expect(sessions.some((session) => session.room !== null)).toBe(true);
      for (const session of sessions) {
        expect(session.endAt.getTime()).toBeGreaterThan(session.startAt.getTime());
        // Billing order is 0..n-1 without gaps.
        expect(session.speakers.map((s) => s.position).sort((a, b) => a - b)).toEqual(
          session.speakers.map((_, index) => index),
        );
      }
      expect(sessions.some((session) => session.speakers.length >= 3)).toBe(true);
    }
  });

  it("features exactly one sponsor per event and has info sections in every visibility", async () => {
    const db = getDb();
    for (const { id: eventId } of result.events) {
      const cards = await db.eventCardSponsor.findMany({ where: { eventId }, include: { sponsor: true } });
      expect(cards).toHaveLength(1);
      expect(cards[0].sponsor.eventId).toBe(eventId);
      const sponsors = await db.sponsor.findMany({ where: { eventId } });
      expect(new Set(sponsors.map((s) => s.tier)).size).toBeGreaterThan(1);

      const sections = await db.infoSection.findMany({ where: { eventId } });
      expect(new Set(sections.map((s) => s.visibility))).toEqual(new Set(["published", "draft", "hidden"]));
      for (const section of sections) {
        expect(Array.isArray(section.details)).toBe(true);
        for (const row of section.details as unknown[]) {
          expect(row).toEqual({ label: expect.any(String), value: expect.any(String) });
        }
      }
    }
  });

  it("gives attendees every status, valid unique badge codes, unique emails and increasing createdAt", async () => {
    const db = getDb();
    const all = await db.attendee.findMany({ where: { event: { orgId } } });
    expect(new Set(all.map((a) => a.status))).toEqual(new Set(["invited", "active", "revoked"]));
    expect(all.filter((a) => a.invitedAt !== null).length).toBeGreaterThan(all.length / 2);
    expect(all.some((a) => a.visibleInList)).toBe(true);
    expect(all.some((a) => !a.visibleInList)).toBe(true);
    expect(new Set(all.map((a) => a.qrToken)).size).toBe(all.length);
    for (const attendee of all) {
      expect(isValidBadgeCode(attendee.badgeCode)).toBe(true);
      expect(attendee.qrToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(attendee.email).toMatch(/^[a-z0-9.]+@[a-z0-9.-]+\.example$/);
      expect(attendee.updatedAt.getTime()).toBeGreaterThanOrEqual(attendee.createdAt.getTime());
      expect(attendee.updatedAt.getTime()).toBeLessThanOrEqual(now.getTime());
      if (attendee.status !== "active") expect(attendee.visibleInList).toBe(false);
    }
    for (const { id: eventId } of result.events) {
      const attendees = await db.attendee.findMany({ where: { eventId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
      expect(new Set(attendees.map((a) => a.badgeCode)).size).toBe(attendees.length);
      expect(new Set(attendees.map((a) => a.email.toLowerCase())).size).toBe(attendees.length);
      for (let i = 1; i < attendees.length; i++) {
        expect(attendees[i].createdAt.getTime()).toBeGreaterThan(attendees[i - 1].createdAt.getTime());
      }
    }
  });

  it("keeps check-ins and attendees' checkedInAt consistent, and scans only arrived attendees", async () => {
    const db = getDb();
    const attendees = await db.attendee.findMany({ where: { event: { orgId } }, include: { checkIn: true } });
    const checkedIn = attendees.filter((a) => a.checkedInAt !== null);
    expect(checkedIn.length).toBeGreaterThan(0);
    for (const attendee of attendees) {
      if (attendee.checkedInAt === null) {
        expect(attendee.checkIn).toBeNull();
      } else {
        expect(attendee.checkIn?.checkedInAt.getTime()).toBe(attendee.checkedInAt.getTime());
        expect(attendee.checkIn?.eventId).toBe(attendee.eventId);
        expect(attendee.status).toBe("active");
        expect(attendee.checkedInAt.getTime()).toBeLessThanOrEqual(now.getTime());
      }
    }
    expect(await db.checkIn.count({ where: { event: { orgId } } })).toBe(checkedIn.length);

    const scans = await db.sessionAttendance.findMany({ where: { event: { orgId } }, include: { session: true, attendee: true } });
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) {
      expect(scan.session.eventId).toBe(scan.eventId);
      expect(scan.attendee.eventId).toBe(scan.eventId);
      expect(scan.attendee.checkedInAt).not.toBeNull();
      expect(scan.scannedAt.getTime()).toBeLessThan(scan.session.endAt.getTime());
      expect(scan.scannedAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    // The draft event lies in the future: nobody has arrived.
    const draft = result.events.find((event) => event.status === "draft")!;
    expect(await db.checkIn.count({ where: { eventId: draft.id } })).toBe(0);
  });

  it("has forms in every status whose answers follow the field types", async () => {
    const db = getDb();
    const forms = await db.form.findMany({ where: { event: { orgId } }, include: { submissions: true } });
    expect(new Set(forms.map((form) => form.status))).toEqual(new Set(["draft", "open", "closed"]));
    const typesUsed = new Set<string>();
    let corrected = 0;
    let submissions = 0;
    for (const form of forms) {
      const fields = form.fields as FormField[];
      expect(Array.isArray(fields)).toBe(true);
      for (const field of fields) {
        expect(field).toEqual({ key: expect.any(String), label: expect.any(String), type: expect.any(String), required: expect.any(Boolean) });
        expect(FORM_FIELD_TYPES).toContain(field.type);
        typesUsed.add(field.type);
      }
      if (form.status === "draft") expect(form.submissions).toHaveLength(0);
      for (const submission of form.submissions) {
        submissions++;
        const answers = submission.answers as Record<string, unknown>;
        for (const [key, value] of Object.entries(answers)) {
          const field = fields.find((f) => f.key === key);
          expect(field, `answer key ${key}`).toBeDefined();
          expect(answerMatchesType(field!.type, value), `${field!.type} ${JSON.stringify(value)}`).toBe(true);
        }
        for (const field of fields.filter((f) => f.required)) expect(answers).toHaveProperty(field.key);
        expect(submission.revision).toBeGreaterThanOrEqual(1);
        if (submission.revision === 1) {
          expect(submission.updatedAt.getTime()).toBe(submission.submittedAt.getTime());
        } else {
          corrected++;
          expect(submission.updatedAt.getTime()).toBeGreaterThan(submission.submittedAt.getTime());
        }
        expect(submission.updatedAt.getTime()).toBeLessThanOrEqual(now.getTime());
      }
    }
    expect(typesUsed).toEqual(new Set(FORM_FIELD_TYPES));
    expect(submissions).toBeGreaterThan(0);
    expect(corrected).toBeGreaterThan(0);
  });

  it("has feedback of all four kinds with the rating rules of the spec", async () => {
    const feedback = await getDb().feedback.findMany({ where: { event: { orgId } }, include: { session: true } });
    expect(new Set(feedback.map((f) => f.kind))).toEqual(new Set(["feedback", "suggestion", "rating", "review"]));
    for (const item of feedback) {
      if (item.kind === "feedback" || item.kind === "suggestion") {
        expect(item.rating).toBeNull();
        expect(item.comment).toEqual(expect.any(String));
      } else {
        expect(Number.isInteger(item.rating)).toBe(true);
        expect(item.rating).toBeGreaterThanOrEqual(1);
        expect(item.rating).toBeLessThanOrEqual(5);
      }
      if (item.kind === "review") expect(item.comment).toEqual(expect.any(String));
      if (item.session) expect(item.session.eventId).toBe(item.eventId);
      expect(item.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    expect(feedback.some((f) => f.sessionId !== null)).toBe(true);
    expect(feedback.some((f) => f.sessionId === null)).toBe(true);
    expect(feedback.some((f) => f.attendeeId === null)).toBe(true);
    expect(feedback.some((f) => f.attendeeId !== null)).toBe(true);
  });

  it("can seed the same organization again with new slugs", async () => {
    const again = await seedDemoData(orgId, { events: 4, attendees: 10 });
    expect(again.events.map((e) => e.status)).toEqual(["published", "draft", "archived", "published"]);
    const slugs = await getDb().event.findMany({ where: { orgId }, select: { slug: true } });
    expect(slugs).toHaveLength(7);
    expect(new Set(slugs.map((s) => s.slug)).size).toBe(7);
  });

  it("refuses bad options and unknown organizations without writing", async () => {
    const before = await getDb().event.count({ where: { orgId } });
    await expect(seedDemoData(orgId, { attendees: -1 })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(seedDemoData(orgId, { events: 0 })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(seedDemoData(randomUUID())).rejects.toBeInstanceOf(AppError);
    await expect(seedDemoData("not-a-uuid")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await getDb().event.count({ where: { orgId } })).toBe(before);
  });
});
