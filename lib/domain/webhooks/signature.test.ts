import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_TOLERANCE_SECONDS,
  WebhookSignatureError,
  signPayload,
  verifySignature,
  verifySignatureOrThrow,
  type SignatureFailureReason,
} from "./signature";

const SECRET = "whsec_test_7c1d0f4e";
const OTHER_SECRET = "whsec_other_a93b22";
const NOW = 1_750_000_000;
const BODY = '{"type":"attendee.created","data":{"id":"0b6c"}}';

function v1Values(header: string): string[] {
  return header
    .split(",")
    .filter((part) => part.startsWith("v1="))
    .map((part) => part.slice(3));
}

describe("signPayload", () => {
  it("matches an independently computed HMAC over `<t>.<body>`", () => {
    const expected = createHmac("sha256", SECRET).update(`${NOW}.${BODY}`).digest("hex");
    expect(signPayload(BODY, SECRET, NOW)).toBe(`t=${NOW},v1=${expected}`);
  });

  it("emits one v1 per secret during a roll, in order", () => {
    const header = signPayload(BODY, [SECRET, OTHER_SECRET], NOW);
    expect(header).toMatch(/^t=1750000000,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(v1Values(header)).toEqual([
      v1Values(signPayload(BODY, SECRET, NOW))[0],
      v1Values(signPayload(BODY, OTHER_SECRET, NOW))[0],
    ]);
  });

  it("defaults the timestamp to the current unix second", () => {
    const before = Math.floor(Date.now() / 1000);
    const t = Number(/^t=(\d+),/.exec(signPayload(BODY, SECRET))?.[1]);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(before + 1);
  });

  it.each([
    ["no secrets", [] as string[], NOW],
    ["an empty secret", [""], NOW],
    ["a fractional timestamp", [SECRET], 1.5],
    ["a negative timestamp", [SECRET], -1],
  ])("refuses %s", (_label, secrets, timestamp) => {
    expect(() => signPayload(BODY, secrets, timestamp)).toThrow();
  });
});

describe("verifySignature", () => {
  const header = signPayload(BODY, SECRET, NOW);

  it("accepts its own signature (round trip) and returns the timestamp", () => {
    expect(verifySignature({ rawBody: BODY, header, secret: SECRET, now: NOW })).toEqual({ ok: true, timestamp: NOW });
  });

  it("accepts the raw body as bytes", () => {
    const result = verifySignature({ rawBody: Buffer.from(BODY, "utf8"), header, secret: SECRET, now: NOW });
    expect(result.ok).toBe(true);
  });

  it("accepts a header handed over as a one-element array", () => {
    expect(verifySignature({ rawBody: BODY, header: [header], secret: SECRET, now: NOW }).ok).toBe(true);
  });

  it.each<[string, Partial<Parameters<typeof verifySignature>[0]>, SignatureFailureReason]>([
    ["a tampered body", { rawBody: BODY.replace("0b6c", "0b6d") }, "no_matching_signature"],
    ["a re-serialised body", { rawBody: JSON.stringify(JSON.parse(BODY), null, 2) }, "no_matching_signature"],
    ["the wrong secret", { secret: OTHER_SECRET }, "no_matching_signature"],
    ["a timestamp 301 s old", { now: NOW + 301 }, "timestamp_outside_tolerance"],
    ["a timestamp 301 s in the future", { now: NOW - 301 }, "timestamp_outside_tolerance"],
    ["a timestamp 11 s old with a 10 s tolerance", { now: NOW + 11, toleranceSeconds: 10 }, "timestamp_outside_tolerance"],
    ["a re-stamped header (t changed, v1 kept)", { header: header.replace(`t=${NOW}`, `t=${NOW + 60}`) }, "no_matching_signature"],
  ])("refuses %s", (_label, override, reason) => {
    const result = verifySignature({ rawBody: BODY, header, secret: SECRET, now: NOW, ...override });
    expect(result).toEqual({ ok: false, reason });
  });

  it.each([0, 1, 299, 300, -299, -300])("accepts a timestamp %i s away (tolerance 300)", (age) => {
    expect(verifySignature({ rawBody: BODY, header, secret: SECRET, now: NOW + age }).ok).toBe(true);
  });

  it("uses 300 s by default", () => {
    expect(DEFAULT_TOLERANCE_SECONDS).toBe(300);
  });

  it("accepts when only the second v1 matches (secret roll)", () => {
    const rolled = signPayload(BODY, [OTHER_SECRET, SECRET], NOW);
    expect(verifySignature({ rawBody: BODY, header: rolled, secret: SECRET, now: NOW }).ok).toBe(true);
    expect(verifySignature({ rawBody: BODY, header: rolled, secret: OTHER_SECRET, now: NOW }).ok).toBe(true);
    expect(verifySignature({ rawBody: BODY, header: rolled, secret: "whsec_third", now: NOW })).toEqual({
      ok: false,
      reason: "no_matching_signature",
    });
  });

  it("tolerates spaces after commas and unknown schemes", () => {
    const [t, v1] = header.split(",");
    const loose = `${t}, v0=deadbeef, ${v1}, v2=future`;
    expect(verifySignature({ rawBody: BODY, header: loose, secret: SECRET, now: NOW }).ok).toBe(true);
  });

  const sig = v1Values(header)[0];
  it.each<[string, string | string[] | null | undefined, SignatureFailureReason]>([
    ["undefined", undefined, "missing_header"],
    ["null", null, "missing_header"],
    ["empty", "", "missing_header"],
    ["blank", "   ", "missing_header"],
    ["an empty array", [], "missing_header"],
    ["two headers", [header, header], "malformed_header"],
    ["garbage", "garbage", "malformed_header"],
    ["non-numeric t", `t=abc,v1=${sig}`, "malformed_header"],
    ["t=abc,v1=..", "t=abc,v1=..", "malformed_header"],
    ["negative t", `t=-5,v1=${sig}`, "malformed_header"],
    ["fractional t", `t=${NOW}.5,v1=${sig}`, "malformed_header"],
    ["empty t", `t=,v1=${sig}`, "malformed_header"],
    ["missing t", `v1=${sig}`, "malformed_header"],
    ["two t values", `t=${NOW},t=${NOW},v1=${sig}`, "malformed_header"],
    ["missing v1", `t=${NOW}`, "malformed_header"],
    ["only another scheme", `t=${NOW},v0=${sig}`, "malformed_header"],
    ["short v1", `t=${NOW},v1=${sig.slice(0, 63)}`, "malformed_header"],
    ["non-hex v1", `t=${NOW},v1=${"z".repeat(64)}`, "malformed_header"],
    ["a part without =", `t=${NOW},v1=${sig},oops`, "malformed_header"],
    ["trailing comma", `${header},`, "malformed_header"],
    ["a different separator", `t=${NOW};v1=${sig}`, "malformed_header"],
  ])("reports %s as %s", (_label, badHeader, reason) => {
    expect(verifySignature({ rawBody: BODY, header: badHeader, secret: SECRET, now: NOW })).toEqual({ ok: false, reason });
  });
});

describe("verifySignatureOrThrow", () => {
  it("returns the timestamp when valid", () => {
    const header = signPayload(BODY, SECRET, NOW);
    expect(verifySignatureOrThrow({ rawBody: BODY, header, secret: SECRET, now: NOW })).toBe(NOW);
  });

  it("throws WebhookSignatureError carrying the reason", () => {
    const header = signPayload(BODY, SECRET, NOW);
    let caught: unknown;
    try {
      verifySignatureOrThrow({ rawBody: BODY, header, secret: SECRET, now: NOW + 1_000 });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(WebhookSignatureError);
    expect((caught as WebhookSignatureError).reason).toBe("timestamp_outside_tolerance");
    expect((caught as WebhookSignatureError).message).toMatch(/tolerance/);
  });
});

describe("signature properties", () => {
  const body = fc.string({ unit: "binary", maxLength: 2_000 });
  const secret = fc.string({ unit: "binary", minLength: 1, maxLength: 64 });
  const timestamp = fc.integer({ min: 0, max: 4_000_000_000 });

  it("sign then verify succeeds for any body, secret and timestamp", () => {
    fc.assert(
      fc.property(body, secret, timestamp, (rawBody, key, t) => {
        const header = signPayload(rawBody, key, t);
        return verifySignature({ rawBody, header, secret: key, now: t }).ok;
      }),
    );
  });

  it("flipping any single hex digit of the signature is refused", () => {
    fc.assert(
      fc.property(body, secret, timestamp, fc.nat({ max: 63 }), fc.nat({ max: 14 }), (rawBody, key, t, index, step) => {
        const header = signPayload(rawBody, key, t);
        const sig = v1Values(header)[0];
        const digits = "0123456789abcdef";
        // step + 1 in 1..15 guarantees a different hex digit at `index`.
        const flipped = digits[(digits.indexOf(sig[index]) + step + 1) % 16];
        const tampered = `t=${t},v1=${sig.slice(0, index)}${flipped}${sig.slice(index + 1)}`;
        const result = verifySignature({ rawBody, header: tampered, secret: key, now: t });
        return !result.ok && result.reason === "no_matching_signature";
      }),
    );
  });
});
