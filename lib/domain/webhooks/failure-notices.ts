import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { config } from "@/lib/platform/config/env";
import { mailConfigured } from "@/lib/platform/mail/transport";
import { sendMail } from "@/lib/platform/mail/send-mail";
import { logger } from "@/lib/platform/observability/logger";
import type { AttemptOutcome } from "./attempt-outcome";

// Failure notices: when an endpoint is disabled automatically or a delivery is exhausted,
// the organization's admins are told: a banner on every console page until an admin
// acknowledges it (components/console/webhooks/failure-notice-banner.tsx), and, when
// SMTP_URL is set, one email per incident to each admin. An incident is one open notice
// per endpoint and kind: a receiver that was down all day exhausts hundreds of deliveries,
// which count into one notice (occurrences) and one email, not hundreds. Once acknowledged,
// the next failure opens a new incident. Console tests never raise one.
//
// Raising a notice never fails a delivery: errors are logged and swallowed.

export type FailureNoticeKind = "endpoint_disabled" | "delivery_exhausted";

export type FailureNoticeView = {
  id: string;
  endpointId: string;
  endpointUrl: string;
  kind: FailureNoticeKind;
  occurrences: number;
  createdAt: Date;
  lastAt: Date;
};

/** Which notice an attempt's outcome calls for, if any. */
export function noticeKindOf(outcome: AttemptOutcome, test: boolean): FailureNoticeKind | null {
  if (test) return null;
  if (outcome.kind === "exhausted") return "delivery_exhausted";
  // A failed attempt with no retry is the one that disabled the endpoint (record-attempt.ts).
  if (outcome.kind === "failed" && outcome.nextAttemptAt === null) return "endpoint_disabled";
  return null;
}

export async function raiseFailureNotice(input: { orgId: string; endpointId: string; kind: FailureNoticeKind; now?: Date }): Promise<void> {
  const now = input.now ?? new Date();
  try {
    const opened = await getDb().$transaction(async (tx) => {
      // The endpoint row lock serialises raisers of one endpoint: one open notice per kind.
      const [endpoint] = await tx.$queryRaw<{ url: string }[]>`
        SELECT url FROM "WebhookEndpoint" WHERE id = ${input.endpointId}::uuid AND "orgId" = ${input.orgId}::uuid FOR UPDATE`;
      if (!endpoint) return null;
      const bumped = await tx.webhookFailureNotice.updateMany({
        where: { endpointId: input.endpointId, kind: input.kind, acknowledgedAt: null },
        data: { occurrences: { increment: 1 }, lastAt: now },
      });
      if (bumped.count > 0) return null;
      const notice = await tx.webhookFailureNotice.create({
        data: { orgId: input.orgId, endpointId: input.endpointId, kind: input.kind, createdAt: now, lastAt: now },
      });
      return { id: notice.id, url: endpoint.url };
    });
    if (opened && mailConfigured()) await emailAdmins(input.orgId, input.endpointId, input.kind, opened);
  } catch (error) {
    logger.error({ event: "webhook.failure_notice_failed", endpointId: input.endpointId, err: error instanceof Error ? error.message : String(error) }, "raising a failure notice failed");
  }
}

async function emailAdmins(orgId: string, endpointId: string, kind: FailureNoticeKind, notice: { id: string; url: string }) {
  const [org, admins] = await Promise.all([
    getDb().organization.findUnique({ where: { id: orgId }, select: { name: true } }),
    getDb().membership.findMany({ where: { orgId, role: "admin" }, select: { user: { select: { email: true } } } }),
  ]);
  const base = config().nextAuthUrl ?? "";
  const page = `${base}/console/${orgId}/webhooks/${endpointId}`;
  const what =
    kind === "endpoint_disabled"
      ? "was disabled automatically after 50 failed probes in a row (at least 39 hours of failing). It receives nothing until an admin enables it, which can also deliver what it missed."
      : "could not deliver an event: every attempt over 24 hours failed, and the delivery is exhausted.";
  const subject = kind === "endpoint_disabled" ? "Webhook endpoint disabled" : "Webhook delivery failed";
  const text = [
    `The webhook endpoint ${notice.url} of ${org?.name ?? "your organization"} ${what}`,
    "",
    `Endpoint and delivery log: ${page}`,
    `Recover failed deliveries once the receiver works again: ${page}#recover`,
    "",
    "You receive this because you are an admin of the organization. Further failures of this endpoint are counted in the console until an admin acknowledges this notice.",
  ].join("\n");
  let sent = 0;
  for (const { user } of admins) {
    const result = await sendMail({ to: user.email, subject: `${subject}: ${notice.url}`, text });
    if (result.outcome === "sent") sent++;
  }
  if (sent > 0) await getDb().webhookFailureNotice.update({ where: { id: notice.id }, data: { emailedAt: new Date() } });
}

/** The organization's open notices, newest first, for the banner. */
export async function listOpenFailureNotices(orgId: string): Promise<FailureNoticeView[]> {
  const rows = await getDb().webhookFailureNotice.findMany({
    where: { orgId, acknowledgedAt: null },
    orderBy: { lastAt: "desc" },
    include: { endpoint: { select: { url: true } } },
  });
  return rows.map((row) => ({
    id: row.id,
    endpointId: row.endpointId,
    endpointUrl: row.endpoint.url,
    kind: row.kind as FailureNoticeKind,
    occurrences: row.occurrences,
    createdAt: row.createdAt,
    lastAt: row.lastAt,
  }));
}

export async function acknowledgeFailureNotice(orgId: string, noticeId: string, actor: Actor, now: Date = new Date()): Promise<void> {
  const notice = /^[0-9a-f-]{36}$/i.test(noticeId)
    ? await getDb().webhookFailureNotice.findFirst({ where: { id: noticeId, orgId }, select: { id: true, kind: true, endpoint: { select: { id: true, url: true } } } })
    : null;
  if (!notice) throw new AppError("NOT_FOUND", "No such open notice.");
  await getDb().$transaction(async (tx) => {
    const updated = await tx.webhookFailureNotice.updateMany({
      where: { id: notice.id, orgId, acknowledgedAt: null },
      data: { acknowledgedAt: now, acknowledgedBy: actor.type === "user" ? actor.userId : null },
    });
    if (updated.count === 0) throw new AppError("NOT_FOUND", "No such open notice.");
    await recordAudit(tx, orgId, actor, {
      action: "webhook_endpoint.notice_acknowledged",
      target: { type: "webhook_endpoint", id: notice.endpoint.id, label: notice.endpoint.url },
      summary: { notice: notice.kind },
    });
  }, WRITE_TRANSACTION);
}
