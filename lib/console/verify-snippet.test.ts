import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signPayload } from "@/lib/domain/webhooks/signature";
import { VERIFY_SNIPPET } from "./verify-snippet";

// The snippet the console shows is run as published (written to a module file and
// imported), against headers made by the sender's own signPayload.

type Verify = (rawBody: string | Buffer, header: string | undefined, secret: string, toleranceSeconds?: number) => boolean;

let dir: string;
let verifyWebhook: Verify;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "verify-snippet-"));
  const file = path.join(dir, "verify.mjs");
  fs.writeFileSync(file, VERIFY_SNIPPET);
  ({ verifyWebhook } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verifyWebhook: Verify });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const body = JSON.stringify({ id: "e1", type: "ping", createdAt: "2027-01-01T00:00:00.000Z", data: { message: "héllo" } });
const now = () => Math.floor(Date.now() / 1000);

describe("the published verification snippet", () => {
  it("accepts what the sender signs, as text or bytes, with either secret of a roll", () => {
    expect(verifyWebhook(body, signPayload(body, "whsec_a"), "whsec_a")).toBe(true);
    expect(verifyWebhook(Buffer.from(body), signPayload(body, "whsec_a"), "whsec_a")).toBe(true);
    const rolled = signPayload(body, ["whsec_new", "whsec_old"]);
    expect(verifyWebhook(body, rolled, "whsec_new")).toBe(true);
    expect(verifyWebhook(body, rolled, "whsec_old")).toBe(true);
  });

  it.each([
    ["another secret", body, () => signPayload(body, "whsec_a"), "whsec_b"],
    ["a changed body", `${body} `, () => signPayload(body, "whsec_a"), "whsec_a"],
    ["an old timestamp", body, () => signPayload(body, "whsec_a", now() - 301), "whsec_a"],
    ["a future timestamp", body, () => signPayload(body, "whsec_a", now() + 301), "whsec_a"],
    ["no header", body, () => undefined, "whsec_a"],
    ["a malformed header", body, () => "v1=zz,t=abc", "whsec_a"],
    ["a short v1", body, () => `t=${now()},v1=abcd`, "whsec_a"],
  ])("refuses %s", (_case, raw, header, secret) => {
    expect(verifyWebhook(raw, header(), secret)).toBe(false);
  });
});
