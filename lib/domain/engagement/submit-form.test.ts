import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { submitForm } from "./submit-form";
import { OPERATOR } from "@/lib/domain/audit/record";

const FIELDS = [
  { key: "name", label: "Badge name", type: "short_text", required: true },
  { key: "diet", label: "Diet", type: "multi_select", required: false },
  { key: "consent", label: "Photos OK", type: "checkbox", required: true },
  { key: "score", label: "Score", type: "rating", required: false },
  { key: "guests", label: "Guests", type: "number", required: false },
  { key: "future", label: "A type added later", type: "signature", required: false },
];

const outbox = (orgId: string) => getDb().webhookEvent.findMany({ where: { orgId }, orderBy: { createdAt: "asc" } });

async function world(status: "draft" | "open" | "closed" = "open") {
  const org = await createTestOrg();
  const event = await createTestEvent(org.id);
  const [attendee] = await createTestAttendees(event.id, 1);
  const form = await getDb().form.create({ data: { eventId: event.id, name: "Registration", status, fields: FIELDS } });
  return { orgId: org.id, event, attendee, form };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (err: unknown) => err);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("submitForm", () => {
  it("first submission is revision 1; a correction overwrites, raises the revision and moves updatedAt", async () => {
    const { orgId, attendee, form, event } = await world();
    const first = await submitForm(orgId, { formId: form.id, attendeeId: attendee.id, answers: { name: "Ada", consent: true, diet: [] } }, OPERATOR);
    expect(first).toMatchObject({ changed: true, submission: { revision: 1, answers: { name: "Ada", consent: true } } });
    expect(first.submission.updatedAt).toBe(first.submission.submittedAt);

    const same = await submitForm(orgId, { formId: form.id, attendeeId: attendee.id, answers: { consent: true, name: "Ada" } }, OPERATOR);
    expect(same.changed).toBe(false);

    const second = await submitForm(orgId, {
      formId: form.id,
      attendeeId: attendee.id,
      answers: { name: "Ada L.", consent: false, diet: ["vegan"], score: 4, guests: 2, future: { any: "thing" } },
    }, OPERATOR);
    expect(second.submission).toMatchObject({ id: first.submission.id, revision: 2, submittedAt: first.submission.submittedAt });
    expect(second.submission.updatedAt > first.submission.updatedAt).toBe(true);
    expect(await getDb().formSubmission.count({ where: { formId: form.id } })).toBe(1);

    const recorded = await outbox(orgId);
    expect(recorded.map((r) => [r.type, (r.data as { revision: number }).revision])).toEqual([
      ["form.submission.created", 1],
      ["form.submission.created", 2],
    ]);
    expect(recorded[1].data).toEqual({
      formId: form.id,
      eventId: event.id,
      attendeeId: attendee.id,
      revision: 2,
      answers: { name: "Ada L.", consent: false, diet: ["vegan"], score: 4, guests: 2, future: { any: "thing" } },
      submittedAt: first.submission.submittedAt,
    });
  });

  it.each<[string, unknown, string[]]>([
    ["a missing required answer", { consent: true }, ["answers.name"]],
    ["an empty required answer", { name: "", consent: true }, ["answers.name"]],
    ["multi_select not an array", { name: "A", consent: true, diet: "vegan" }, ["answers.diet"]],
    ["checkbox not a boolean", { name: "A", consent: "yes" }, ["answers.consent"]],
    ["rating not a number", { name: "A", consent: true, score: "5" }, ["answers.score"]],
    ["a key the form does not have", { name: "A", consent: true, shoe: 42 }, ["answers.shoe"]],
    ["answers not an object", ["A"], ["answers"]],
  ])("refuses %s (400 naming the answer)", async (_label, answers, fields) => {
    const { orgId, attendee, form } = await world();
    const error = await refusal(submitForm(orgId, { formId: form.id, attendeeId: attendee.id, answers }, OPERATOR));
    expect(error.code).toBe("INVALID_INPUT");
    expect(Object.keys(error.details?.fields as object)).toEqual(fields);
    expect(await getDb().formSubmission.count({ where: { formId: form.id } })).toBe(0);
    expect(await outbox(orgId)).toEqual([]);
  });

  it.each(["draft", "closed"] as const)("refuses a %s form (409 form_not_open)", async (status) => {
    const { orgId, attendee, form } = await world(status);
    const error = await refusal(submitForm(orgId, { formId: form.id, attendeeId: attendee.id, answers: { name: "A", consent: true } }, OPERATOR));
    expect([error.code, error.details?.reason]).toEqual(["CONFLICT", "form_not_open"]);
  });

  it("refuses an attendee of another event (400) and another organization's form (404)", async () => {
    const a = await world();
    const otherEvent = await createTestEvent(a.orgId);
    const [stranger] = await createTestAttendees(otherEvent.id, 1);
    const error = await refusal(submitForm(a.orgId, { formId: a.form.id, attendeeId: stranger.id, answers: { name: "A", consent: true } }, OPERATOR));
    expect(Object.keys(error.details?.fields as object)).toEqual(["attendeeId"]);
    const b = await world();
    expect((await refusal(submitForm(a.orgId, { formId: b.form.id, attendeeId: a.attendee.id, answers: {} }, OPERATOR))).code).toBe("NOT_FOUND");
    expect((await refusal(submitForm(a.orgId, { formId: b.form.id, attendeeId: b.attendee.id, answers: {} }, OPERATOR))).code).toBe("NOT_FOUND");
  });

  it("two first submissions at once become revisions 1 and 2", async () => {
    const { orgId, attendee, form } = await world();
    await Promise.all([
      submitForm(orgId, { formId: form.id, attendeeId: attendee.id, answers: { name: "One", consent: true } }, OPERATOR),
      submitForm(orgId, { formId: form.id, attendeeId: attendee.id, answers: { name: "Two", consent: true } }, OPERATOR),
    ]);
    const revisions = (await outbox(orgId)).map((r) => (r.data as { revision: number }).revision);
    expect(revisions.sort()).toEqual([1, 2]);
  });
});
