import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestAttendees, createTestOrg } from "@/lib/testing/fixtures";
import { runCli } from "../run-cli";

// The status-change operator commands through runCli on the real database.

async function cli(...argv: string[]): Promise<{ code: number; out: Record<string, unknown> | null; error: Record<string, unknown> | null }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, out: stdout ? JSON.parse(stdout) : null, error: stderr ? JSON.parse(stderr).error : null };
}

describe("transition commands", () => {
  it("create → archive an event, revoke → restore an attendee, open → close a form", async () => {
    const orgId = (await createTestOrg()).id;
    const created = await cli("event:create", "--org", orgId, "--name", "Ops Summit", "--slug", "ops-summit", "--timezone", "UTC", "--start", "2027-01-01T09:00:00Z", "--end", "2027-01-01T17:00:00Z");
    expect(created).toMatchObject({ code: 0, out: { event: { status: "draft" } } });
    const eventId = (created.out!.event as { id: string }).id;
    const [attendee] = await createTestAttendees(eventId, 1);
    expect(await cli("attendee:revoke", "--attendee", attendee.id)).toMatchObject({ code: 0, out: { attendee: { status: "revoked" }, changed: true } });
    expect(await cli("attendee:restore", "--attendee", attendee.id)).toMatchObject({ code: 0, out: { attendee: { status: "invited" }, changed: true } });
    const formId = (await getDb().form.create({ data: { eventId, name: "Survey" } })).id;
    expect(await cli("form:close", "--form", formId)).toMatchObject({ error: { code: "CONFLICT", details: { reason: "invalid_transition" } } });
    expect(await cli("form:open", "--form", formId)).toMatchObject({ code: 0, out: { form: { status: "open" } } });
    expect(await cli("form:close", "--form", formId)).toMatchObject({ code: 0, out: { form: { status: "closed" } } });
    expect(await cli("event:archive", "--event", eventId)).toMatchObject({ code: 0, out: { event: { status: "archived" }, changed: true } });
    expect(await cli("attendee:revoke", "--attendee", attendee.id)).toMatchObject({ error: { details: { reason: "event_archived" } } });
    expect((await getDb().webhookEvent.findMany({ where: { orgId }, orderBy: { createdAt: "asc" } })).map((e) => e.type)).toEqual([
      "event.updated", "attendee.updated", "attendee.updated", "event.updated",
    ]);
  });
});
