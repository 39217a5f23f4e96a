import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestOrg } from "@/lib/testing/fixtures";
import { OPERATOR } from "./record";

// The entry and the change commit together: when writing the entry fails after it was
// inserted, the change it records is rolled back with it; when the change fails (a unique
// violation), no entry remains.

const failing = vi.hoisted(() => ({ next: false }));
vi.mock("./record", async (importOriginal) => {
  const real = await importOriginal<typeof import("./record")>();
  return {
    ...real,
    recordAudit: async (...args: Parameters<typeof real.recordAudit>) => {
      await real.recordAudit(...args);
      if (failing.next) {
        failing.next = false;
        throw new Error("audit write failed");
      }
    },
  };
});

const { createApiKey } = await import("@/lib/domain/keys/create-key");
const { createWebhookEndpoint, rollWebhookSecret } = await import("@/lib/domain/webhooks/endpoints");
const { createOrgAdmin } = await import("@/lib/domain/orgs/members");

let orgId: string;
beforeAll(async () => {
  orgId = (await createTestOrg({ plan: "card" })).id;
});

const entries = () => getDb().auditEntry.count({ where: { orgId } });

describe("an audit entry shares its change's transaction", () => {
  it("a failed entry undoes the key it records", async () => {
    failing.next = true;
    await expect(createApiKey(orgId, { name: "Doomed", scopes: ["events:read"] }, OPERATOR)).rejects.toThrow("audit write failed");
    expect(await getDb().apiKey.count({ where: { orgId, name: "Doomed" } })).toBe(0);
    expect(await entries()).toBe(0);
  });

  it("a failed entry keeps the previous signing secret", async () => {
    const { endpoint } = await createWebhookEndpoint(orgId, { url: "http://127.0.0.1:9/x", eventTypes: ["attendee.created"] }, OPERATOR);
    const before = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    const count = await entries();
    failing.next = true;
    await expect(rollWebhookSecret(orgId, endpoint.id, OPERATOR)).rejects.toThrow("audit write failed");
    const after = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(after.secretCiphertext).toBe(before.secretCiphertext);
    expect(await entries()).toBe(count);
  });

  it("a change refused by a unique violation writes no entry", async () => {
    await createOrgAdmin(orgId, { email: "twice@example.com", password: "long enough password" }, OPERATOR);
    const count = await entries();
    await expect(createOrgAdmin(orgId, { email: "twice@example.com", password: "long enough password" }, OPERATOR)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await entries()).toBe(count);
  });
});
