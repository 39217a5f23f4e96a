import { OPERATOR } from "@/lib/domain/audit/record";
import { testActor } from "@/lib/testing/actor";
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestOrg } from "@/lib/testing/fixtures";
import { startSmtpServer, type TestSmtpServer } from "@/lib/testing/smtp-server";
import { createWebhookEndpoint } from "./endpoints";
import { acknowledgeFailureNotice, listOpenFailureNotices } from "./failure-notices";
import { recordWebhookEvent } from "./outbox";
import { runDueDeliveries } from "./run-due";
import { sendTestEvent } from "./send-test-event";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";

// Failure notices end to end: a receiver that answers 500 over real HTTP, deliveries that
// exhaust and an endpoint that is disabled by the real delivery code, and the emails
// arriving at a real SMTP server on 127.0.0.1 (SMTP_URL set as a deployment sets it).

let smtp: TestSmtpServer;
const receivers: WebhookReceiver[] = [];
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await smtp.close();
});
afterEach(() => {
  delete process.env.SMTP_URL;
});

async function scenario() {
  const org = await createTestOrg();
  const tag = randomBytes(3).toString("hex");
  const people = [
    { email: `admin-a-${tag}@example.com`, role: "admin" as const },
    { email: `admin-b-${tag}@example.com`, role: "admin" as const },
    { email: `member-${tag}@example.com`, role: "member" as const },
  ];
  for (const person of people) {
    const user = await getDb().user.create({ data: { email: person.email } });
    await getDb().membership.create({ data: { orgId: org.id, userId: user.id, role: person.role } });
  }
  const hook = await startWebhookReceiver({ reply: () => ({ status: 500, body: "broken" }) });
  receivers.push(hook);
  const { endpoint } = await createWebhookEndpoint(org.id, { url: hook.url, eventTypes: ["event.updated"] }, OPERATOR);
  return { org, endpoint, tag, admins: people.slice(0, 2).map((p) => p.email) };
}

/** Records an event and takes its delivery to its last attempt, which then fails for real. */
async function exhaustOne(orgId: string, endpointId: string) {
  const event = await getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId, type: "event.updated", data: { id: "e" } }));
  await runDueDeliveries({ orgId });
  await getDb().webhookDelivery.updateMany({ where: { eventId: event.id, endpointId }, data: { attemptCount: 6, nextAttemptAt: new Date() } });
  // Its retries are hours apart: the endpoint's circuit-breaker backoff has passed too.
  await getDb().webhookEndpoint.updateMany({ where: { id: endpointId, probeAt: { not: null } }, data: { probeAt: new Date() } });
  await runDueDeliveries({ orgId });
}

const mailsTo = (tag: string) => smtp.messages.filter((mail) => mail.to.some((to) => to.includes(tag)));

describe("failure notices", () => {
  it("an exhausted delivery opens one notice per endpoint (later ones count into it) and mails each admin once", async () => {
    process.env.SMTP_URL = smtp.url;
    const { org, endpoint, tag, admins } = await scenario();
    await exhaustOne(org.id, endpoint.id);
    await exhaustOne(org.id, endpoint.id);

    const notices = await listOpenFailureNotices(org.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ endpointId: endpoint.id, kind: "delivery_exhausted", occurrences: 2, endpointUrl: endpoint.url });
    const mails = mailsTo(tag);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(admins.sort());
    expect(mails[0].subject).toContain("Webhook delivery failed");
    // Quoted-printable: undo the soft line breaks before looking for the link.
    expect(mails[0].raw.replace(/=\r?\n/g, "")).toContain(`/console/${org.id}/webhooks/${endpoint.id}#recover`);
    expect((await getDb().webhookFailureNotice.findUniqueOrThrow({ where: { id: notices[0].id } })).emailedAt).not.toBeNull();

    // Acknowledged: the banner empties, and the next failure is a new incident, mailed again.
    const admin = await getDb().user.findUniqueOrThrow({ where: { email: admins[0] } });
    await acknowledgeFailureNotice(org.id, notices[0].id, testActor(admin.id));
    expect(await listOpenFailureNotices(org.id)).toEqual([]);
    await exhaustOne(org.id, endpoint.id);
    expect(await listOpenFailureNotices(org.id)).toHaveLength(1);
    expect(mailsTo(tag)).toHaveLength(4);
  });

  it("an automatic disable opens an endpoint_disabled notice and mails the admins", async () => {
    process.env.SMTP_URL = smtp.url;
    const { org, endpoint, tag } = await scenario();
    await getDb().webhookEndpoint.update({ where: { id: endpoint.id }, data: { consecutiveFailures: 49 } });
    await getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId: org.id, type: "event.updated", data: { id: "e" } }));
    await runDueDeliveries({ orgId: org.id });

    expect((await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).enabled).toBe(false);
    expect((await listOpenFailureNotices(org.id)).map((notice) => notice.kind)).toEqual(["endpoint_disabled"]);
    expect(mailsTo(tag).map((mail) => mail.subject)).toEqual([expect.stringContaining("disabled"), expect.stringContaining("disabled")]);
  });

  it("never for a console test, and without SMTP_URL the banner still tells, with no mail", async () => {
    process.env.SMTP_URL = smtp.url;
    const { org, endpoint, tag } = await scenario();
    await sendTestEvent(org.id, endpoint.id, "event.updated");
    await runDueDeliveries({ orgId: org.id });
    const test = await getDb().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(test.state).toBe("exhausted");
    expect(await listOpenFailureNotices(org.id)).toEqual([]);

    delete process.env.SMTP_URL;
    await exhaustOne(org.id, endpoint.id);
    expect(await listOpenFailureNotices(org.id)).toHaveLength(1);
    expect(mailsTo(tag)).toEqual([]);
  });

  it("acknowledging another organization's notice is a 404", async () => {
    const { org, endpoint } = await scenario();
    await exhaustOne(org.id, endpoint.id);
    const [notice] = await listOpenFailureNotices(org.id);
    const other = await createTestOrg();
    await expect(acknowledgeFailureNotice(other.id, notice.id, testActor(notice.id))).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await listOpenFailureNotices(org.id)).toHaveLength(1);
  });
});
