import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { authorizeCredentials } from "./credentials";
import { hashPassword, verifyPassword } from "./passwords";

const password = "a perfectly long password";
let email: string;
let userId: string;

beforeAll(async () => {
  email = `signin-${randomBytes(4).toString("hex")}@example.com`;
  const user = await getDb().user.create({ data: { email, name: "Sam", passwordHash: await hashPassword(password) } });
  userId = user.id;
});

describe("authorizeCredentials", () => {
  it("returns the user for the right password, matching the email in any case", async () => {
    await expect(authorizeCredentials({ email: ` ${email.toUpperCase()} `, password })).resolves.toEqual({ id: userId, email, name: "Sam" });
  });

  it.each([
    ["wrong password", () => ({ email, password: "not the password" })],
    ["unknown email", () => ({ email: "nobody@example.com", password })],
    ["missing fields", () => ({})],
    ["not an object", () => "x"],
  ])("returns null for %s", async (_name, input) => {
    await expect(authorizeCredentials(input())).resolves.toBeNull();
  });

  it("refuses OAuth-only users (no password hash)", async () => {
    const oauthEmail = `oauth-${randomBytes(4).toString("hex")}@example.com`;
    await getDb().user.create({ data: { email: oauthEmail, passwordHash: null } });
    await expect(authorizeCredentials({ email: oauthEmail, password })).resolves.toBeNull();
  });
});

describe("passwords", () => {
  it("hashes with a fresh salt and verifies only the right password", async () => {
    const [a, b] = await Promise.all([hashPassword(password), hashPassword(password)]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword(password, a)).toBe(true);
    expect(await verifyPassword(password + "!", a)).toBe(false);
    expect(await verifyPassword(password, "bcrypt$whatever")).toBe(false);
  });
});
