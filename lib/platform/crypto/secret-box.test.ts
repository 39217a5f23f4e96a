import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./secret-box";

describe("secret box", () => {
  it("round-trips and never contains the plaintext", () => {
    const sealed = encryptSecret("whsec_top-secret-value");
    expect(sealed).not.toContain("top-secret");
    expect(decryptSecret(sealed)).toBe("whsec_top-secret-value");
  });

  it("uses a fresh IV each time", () => {
    expect(encryptSecret("same")).not.toBe(encryptSecret("same"));
  });

  it("refuses tampered ciphertext", () => {
    const [version, iv, tag, body] = encryptSecret("value").split(".");
    const flipped = Buffer.from(body, "base64url");
    flipped[0] ^= 1;
    expect(() => decryptSecret([version, iv, tag, flipped.toString("base64url")].join("."))).toThrow();
    expect(() => decryptSecret("garbage")).toThrow(/Unrecognised/);
  });
});
