import { beforeAll, describe, expect, it } from "vitest";
import { createSpeaker } from "@/lib/domain/programme/speakers";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/endpoints";
import { OPERATOR } from "@/lib/domain/audit/record";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";

// URLs are stored as the URL parser writes them, not as typed: CR/LF and tab (which the
// parser drops when it is used) never reach the database, quotes and U+2028 are
// percent-encoded, so what the console shows and exports is the URL requested.

let orgId: string;
let eventId: string;

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
});

describe("stored URLs", () => {
  it("a webhook endpoint's URL", async () => {
    const { endpoint } = await createWebhookEndpoint(orgId, { url: "http://127.0.0.1:9/ho\r\nok?x=\"a\u2028b\"", eventTypes: ["attendee.created"] }, OPERATOR);
    expect(endpoint.url).toBe("http://127.0.0.1:9/hook?x=%22a%E2%80%A8b%22");
  });

  it("a speaker's photo URL", async () => {
    const speaker = await createSpeaker(orgId, eventId, { name: "Ada", photoUrl: "https://example.com/a\tb/\"p\u2028\".jpg" }, OPERATOR);
    expect(speaker.photoUrl).toBe("https://example.com/ab/%22p%E2%80%A8%22.jpg");
  });
});
