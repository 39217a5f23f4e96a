import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { findOrCreateOAuthUser, oauthProviderList, oauthProviders, verifiedOAuthEmail } from "./oauth";

const githubEmails = (emails: unknown) => (async () => new Response(JSON.stringify(emails), { status: 200 })) as unknown as typeof fetch;

describe("OAuth providers", () => {
  it("are offered only when both id and secret are set", () => {
    expect(oauthProviders({}).length).toBe(0);
    expect(oauthProviderList({ GITHUB_ID: "id" })).toEqual([]);
    const env = { GITHUB_ID: "a", GITHUB_SECRET: "b", GOOGLE_CLIENT_ID: "c", GOOGLE_CLIENT_SECRET: "d" };
    expect(oauthProviders(env).map((p) => p.id)).toEqual(["github", "google"]);
    expect(oauthProviderList(env).map((p) => p.id)).toEqual(["github", "google"]);
  });
});

describe("verifiedOAuthEmail", () => {
  it("takes Google's email only when Google says it is verified", async () => {
    const account = { provider: "google", access_token: "t" };
    expect(await verifiedOAuthEmail(account, { email: "a@b.co", email_verified: true } as never)).toBe("a@b.co");
    expect(await verifiedOAuthEmail(account, { email: "a@b.co", email_verified: false } as never)).toBeNull();
    expect(await verifiedOAuthEmail(account, { email: "a@b.co" })).toBeNull();
  });

  it("takes GitHub's verified primary address from its email list", async () => {
    const account = { provider: "github", access_token: "t" };
    const list = [
      { email: "old@b.co", verified: true, primary: false },
      { email: "main@b.co", verified: true, primary: true },
    ];
    expect(await verifiedOAuthEmail(account, undefined, githubEmails(list))).toBe("main@b.co");
    expect(await verifiedOAuthEmail(account, undefined, githubEmails([{ email: "x@b.co", verified: false, primary: true }]))).toBeNull();
    const failing = (async () => new Response("no", { status: 401 })) as unknown as typeof fetch;
    expect(await verifiedOAuthEmail(account, undefined, failing)).toBeNull();
  });
});

describe("findOrCreateOAuthUser", () => {
  it("matches an existing user by email in any case, or creates one without a password", async () => {
    const email = `oauth-${randomBytes(4).toString("hex")}@example.com`;
    const created = await findOrCreateOAuthUser(email, "Lin");
    expect(created.passwordHash).toBeNull();
    const again = await findOrCreateOAuthUser(email.toUpperCase(), "Other");
    expect(again.id).toBe(created.id);
    expect(await getDb().user.count({ where: { email } })).toBe(1);
  });
});
