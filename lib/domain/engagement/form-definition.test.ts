import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { FormSchema } from "@/lib/domain/resources/resources";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { startPartnerReader, type PartnerReader } from "@/lib/testing/partner-reader";
import { createForm, deleteForm, updateForm } from "./form-definition";
import { setFormStatus } from "@/lib/domain/engagement/set-form-status";
import { OPERATOR } from "@/lib/domain/audit/record";

// Form definitions through the lib operations, each change then read as a partner reads
// it; the opened-form rule (keys never change once answers may be stored under them).

let orgId: string;
let eventId: string;
let partner: PartnerReader;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (err: unknown) => err);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const served = async (formId: string) =>
  FormSchema.parse((await partner.list(`/events/${eventId}/forms`)).find((form) => form.id === formId));

const email = { key: "email", label: "Email", type: "email", required: true };
const rating = { key: "rating", label: "How was it?", type: "rating", required: false };

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
  partner = await startPartnerReader(orgId);
});
afterAll(() => partner?.close());

describe("form definitions", () => {
  it("defines a draft, renames keys and reorders fields while draft, as the API serves", async () => {
    const form = await createForm(orgId, eventId, { name: " Survey ", fields: [email, rating] }, OPERATOR);
    expect(await served(form.id)).toEqual({ id: form.id, eventId, name: "Survey", description: "", status: "draft", fields: [email, rating] });
    const renamed = { ...rating, key: "score" };
    await updateForm(orgId, form.id, { name: "Survey", description: "After the day", fields: [renamed, email] }, OPERATOR);
    expect(await served(form.id)).toMatchObject({ description: "After the day", fields: [renamed, email] });
  });

  it("once opened keeps every key and type; labels, required, order and new fields may change", async () => {
    const form = await createForm(orgId, eventId, { name: "Opened", fields: [email, rating] }, OPERATOR);
    await setFormStatus(orgId, form.id, "open", OPERATOR);
    const dropped = await refusal(updateForm(orgId, form.id, { name: "Opened", fields: [email] }, OPERATOR));
    expect(dropped.code).toBe("CONFLICT");
    expect(dropped.details).toMatchObject({ reason: "form_field_locked", keys: ["rating"] });
    const rekeyed = await refusal(updateForm(orgId, form.id, { name: "Opened", fields: [email, { ...rating, key: "score" }] }, OPERATOR));
    expect(rekeyed.details).toMatchObject({ reason: "form_field_locked", keys: ["rating"] });
    const retyped = await refusal(updateForm(orgId, form.id, { name: "Opened", fields: [email, { ...rating, type: "number" }] }, OPERATOR));
    expect(retyped.details).toMatchObject({ reason: "form_field_locked", keys: ["rating"] });
    expect((await served(form.id)).fields).toEqual([email, rating]);

    const comment = { key: "comment", label: "Anything else?", type: "long_text", required: false };
    await updateForm(orgId, form.id, { name: "Opened", fields: [{ ...rating, label: "Score", required: true }, email, comment] }, OPERATOR);
    expect((await served(form.id)).fields).toEqual([{ ...rating, label: "Score", required: true }, email, comment]);
    await setFormStatus(orgId, form.id, "closed", OPERATOR);
    expect((await refusal(updateForm(orgId, form.id, { name: "Opened", fields: [email] }, OPERATOR))).details?.reason).toBe("form_field_locked");
    expect((await refusal(deleteForm(orgId, form.id, OPERATOR))).details?.reason).toBe("form_not_draft");
  });

  it("keeps a stored type this build does not list on an opened form", async () => {
    const form = await getDb().form.create({ data: { eventId, name: "Future", status: "open", fields: [{ key: "sig", label: "Sign", type: "signature", required: false }] } });
    await updateForm(orgId, form.id, { name: "Future", fields: [{ key: "sig", label: "Signature", type: "signature", required: true }] }, OPERATOR);
    expect((await served(form.id)).fields).toEqual([{ key: "sig", label: "Signature", type: "signature", required: true }]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["no name", { name: "", fields: [] }, "name"],
    ["a key with spaces", { name: "F", fields: [{ ...email, key: "e mail" }] }, "fields.0.key"],
    ["an uppercase key", { name: "F", fields: [{ ...email, key: "Email" }] }, "fields.0.key"],
    ["a duplicate key", { name: "F", fields: [email, { ...rating, key: "email" }] }, "fields.1.key"],
    ["an unknown type", { name: "F", fields: [{ ...email, type: "colour" }] }, "fields.0.type"],
    ["a field without a label", { name: "F", fields: [{ ...email, label: "" }] }, "fields.0.label"],
    ["a non-boolean required", { name: "F", fields: [{ ...email, required: "yes" }] }, "fields.0.required"],
  ])("refuses %s and writes nothing", async (_label, input, field) => {
    const before = await getDb().form.count({ where: { eventId } });
    const error = await refusal(createForm(orgId, eventId, input as never, OPERATOR));
    expect(error.code).toBe("INVALID_INPUT");
    expect(Object.keys(error.details?.fields as object)).toEqual([field]);
    expect(await getDb().form.count({ where: { eventId } })).toBe(before);
  });

  it("deletes a draft, and answers 404 for another organization's form", async () => {
    const form = await createForm(orgId, eventId, { name: "Scratch", fields: [] }, OPERATOR);
    await deleteForm(orgId, form.id, OPERATOR);
    expect((await partner.list(`/events/${eventId}/forms`)).map((f) => f.id)).not.toContain(form.id);
    const other = await createTestOrg();
    const foreign = await createForm(other.id, (await createTestEvent(other.id)).id, { name: "Theirs", fields: [] }, OPERATOR);
    for (const id of [foreign.id, randomUUID(), "x"]) {
      expect((await refusal(updateForm(orgId, id, { name: "Mine", fields: [] }, OPERATOR))).code).toBe("NOT_FOUND");
      expect((await refusal(deleteForm(orgId, id, OPERATOR))).code).toBe("NOT_FOUND");
    }
    expect((await refusal(createForm(orgId, (await createTestEvent(other.id)).id, { name: "X", fields: [] }, OPERATOR))).code).toBe("NOT_FOUND");
  });
});
