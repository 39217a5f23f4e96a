import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import { createConsoleUser } from "@/lib/testing/console-session";
import { createTestOrg } from "@/lib/testing/fixtures";

// The form actions called with the form alone (the failure banner's acknowledge, the
// recovery count and run, the Stripe redirect) run on the one builder: a member who
// replays one gets a refusal, never an error thrown out of the action (a 500).

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", async () => (await import("@/lib/testing/console-session")).sessionModule(session));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const notices = await import("./notice-actions");
const recovery = await import("./recovery-actions");
const billing = await import("../billing/actions");

let orgId: string;

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  session.user = await createConsoleUser(orgId, "member");
});

describe("a member calling an admin's form action", () => {
  it("acknowledging a failure notice is refused quietly, not thrown", async () => {
    await expect(notices.acknowledgeFailureNoticeAction(form({ orgId, noticeId: randomUUID() }))).resolves.toBeUndefined();
  });

  it("the recovery count and run answer admin_required", async () => {
    const fields = { orgId, endpointId: randomUUID(), since: "2026-01-01T00:00:00Z" };
    for (const result of [await recovery.previewRecoveryAction(form(fields)), await recovery.recoverDeliveriesAction(form(fields))]) {
      expect(result).toMatchObject({ ok: false, code: "FORBIDDEN", reason: "admin_required" });
    }
  });

  it("the Stripe redirect comes back to the billing page naming the refusal", async () => {
    const thrown = await billing.stripeRedirectAction(form({ orgId, intent: "card" })).catch((error: unknown) => error);
    expect(String((thrown as { digest?: string }).digest)).toContain(`/console/${orgId}/billing?refused=admin_required`);
  });
});
