import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookBody } from "@/lib/domain/webhooks/send-attempt";
import { signPayload } from "@/lib/domain/webhooks/signature";
import { generateSigningSecret } from "@/lib/domain/webhooks/signing-secret";
import { standardWebhookHeaders } from "@/lib/domain/webhooks/standard-webhooks";
import { attendeeListQuery } from "@/lib/partner-api/query-schemas";
import { PYTHON_VERIFY_SNIPPET, STANDARD_WEBHOOKS_VERIFY_SNIPPET, TYPESCRIPT_VERIFY_SNIPPET, badgeCodesMarkdown } from "./integration-guide";

// The verification code the reference tells partners to paste, run against a body signed
// by the service's own signer: it accepts a genuine delivery (with either secret during a
// roll) and refuses a tampered body, a wrong secret and a stale timestamp.

const SECRET = "whsec_current_0123456789abcdef";
const PREVIOUS = "whsec_previous_fedcba9876543210";
const body = webhookBody({
  id: "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6",
  type: "attendee.created",
  createdAt: new Date("2026-10-01T07:00:00.000Z"),
  data: { displayName: "Zoë Ünal", company: "Ça va" },
});

type Case = { name: string; rawBody: string; header: string; secrets: string[]; expected: boolean };

function cases(): Case[] {
  const now = Math.floor(Date.now() / 1000);
  const rolled = signPayload(body, [SECRET, PREVIOUS], now);
  return [
    { name: "genuine", rawBody: body, header: signPayload(body, SECRET, now), secrets: [SECRET], expected: true },
    { name: "roll, new secret", rawBody: body, header: rolled, secrets: [SECRET], expected: true },
    { name: "roll, old secret only", rawBody: body, header: rolled, secrets: [PREVIOUS], expected: true },
    { name: "tampered body", rawBody: body.replace("Zoë", "Zoe"), header: signPayload(body, SECRET, now), secrets: [SECRET], expected: false },
    { name: "wrong secret", rawBody: body, header: signPayload(body, SECRET, now), secrets: ["whsec_other"], expected: false },
    { name: "stale", rawBody: body, header: signPayload(body, SECRET, now - 600), secrets: [SECRET], expected: false },
    { name: "no v1", rawBody: body, header: `t=${now}`, secrets: [SECRET], expected: false },
  ];
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "verify-snippets-"));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe("webhook verification snippets of the reference", () => {
  it("TypeScript", async () => {
    const file = path.join(dir, "verify.ts");
    await writeFile(file, TYPESCRIPT_VERIFY_SNIPPET);
    const { verifyWebhook } = (await import(/* @vite-ignore */ file)) as {
      verifyWebhook: (rawBody: Buffer, header: string, secrets: string[]) => boolean;
    };
    for (const test of cases()) expect(verifyWebhook(Buffer.from(test.rawBody, "utf8"), test.header, test.secrets), test.name).toBe(test.expected);
  });

  it("Python 3", async () => {
    const file = path.join(dir, "verify.py");
    const all = cases();
    await writeFile(
      file,
      `${PYTHON_VERIFY_SNIPPET}\n\nimport json, sys\ncases = json.load(sys.stdin)\nprint(json.dumps([verify_webhook(c["rawBody"].encode("utf-8"), c["header"], c["secrets"]) for c in cases]))\n`,
    );
    const child = execFile("python3", [file]);
    child.stdin!.end(JSON.stringify(all));
    const output = await new Promise<string>((resolve, reject) => {
      let text = "";
      child.stdout!.on("data", (chunk) => (text += chunk));
      child.on("error", reject);
      child.on("close", (code) => (code === 0 ? resolve(text) : reject(new Error(`python3 exited with ${code}`))));
    });
    expect(JSON.parse(output)).toEqual(all.map((test) => test.expected));
  });

  it("Standard Webhooks (the standardwebhooks package), with either secret during a roll", async () => {
    // Written inside the project so the snippet's import resolves to the installed package.
    const local = await mkdtemp(path.join(process.cwd(), "node_modules", ".verify-snippet-"));
    try {
      const file = path.join(local, "verify.ts");
      await writeFile(file, STANDARD_WEBHOOKS_VERIFY_SNIPPET);
      const { verifyStandardWebhook } = (await import(/* @vite-ignore */ file)) as {
        verifyStandardWebhook: (rawBody: string, headers: Record<string, string>, secret: string) => unknown;
      };
      const current = generateSigningSecret();
      const previous = generateSigningSecret();
      const now = Math.floor(Date.now() / 1000);
      const id = "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6";
      const rolled = standardWebhookHeaders({ id, timestamp: now, body, secrets: [current, previous] });
      expect(verifyStandardWebhook(body, rolled, current)).toEqual(JSON.parse(body));
      expect(verifyStandardWebhook(body, rolled, previous)).toEqual(JSON.parse(body));
      expect(() => verifyStandardWebhook(body, rolled, generateSigningSecret())).toThrow();
      expect(() => verifyStandardWebhook(body.replace("Zoë", "Zoe"), rolled, current)).toThrow();
      const stale = standardWebhookHeaders({ id, timestamp: now - 600, body, secrets: [current] });
      expect(() => verifyStandardWebhook(body, stale, current)).toThrow();
    } finally {
      await rm(local, { recursive: true, force: true });
    }
  });
});

describe("badge codes in the reference", () => {
  it("says the attendee lookup takes a code as typed, and each form it quotes finds the stored code", () => {
    const text = badgeCodesMarkdown();
    expect(text).not.toContain("accepts only this stored form");
    const lookup = /`GET \/events\/\{eventId\}\/attendees\?badgeCode=`[^.]*?, so ((?:`[^`]+`(?:, | and )?)+) find the same attendee/.exec(text);
    expect(lookup, "the sentence on the badgeCode lookup").not.toBeNull();
    const typed = [...lookup![1].matchAll(/`([^`]+)`/g)].map((match) => match[1]);
    expect(typed.length).toBeGreaterThanOrEqual(3);
    const stored = new Set(typed.map((form) => attendeeListQuery.parse({ badgeCode: form }).badgeCode));
    expect([...stored]).toEqual([expect.stringMatching(/^[A-Z0-9]{6}$/)]);
  });
});
