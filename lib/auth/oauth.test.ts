import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { OPERATOR } from "@/lib/domain/audit/record";
import { acceptInvite, acceptInviteWithNewAccount, createInvite } from "@/lib/domain/orgs/invites";
import { signUpWithOrganization } from "@/lib/domain/orgs/sign-up";
import { getDb } from "@/lib/platform/db/client";
import { getAuthOptions } from "./options";
import { oauthProviderList, oauthProviders, resolveOAuthUser, verifiedOAuthEmail } from "./oauth";
import { hashPassword } from "./passwords";

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

describe("resolveOAuthUser", () => {
  it("creates a verified user without a password for a new address, and finds it again in any case", async () => {
    const email = `oauth-${randomBytes(4).toString("hex")}@example.com`;
    const created = await resolveOAuthUser(email, "Lin");
    if (!created.ok) throw new Error("expected a user");
    expect(created.user.passwordHash).toBeNull();
    expect(created.user.emailVerifiedAt).toBeInstanceOf(Date);
    const again = await resolveOAuthUser(email.toUpperCase(), "Other");
    expect(again.ok && again.user.id).toBe(created.user.id);
    expect(await getDb().user.count({ where: { email } })).toBe(1);
  });

  it("refuses to attach to a password account whose email is not verified, and attaches once it is", async () => {
    const email = `pw-${randomBytes(4).toString("hex")}@example.com`;
    const user = await getDb().user.create({ data: { email, passwordHash: await hashPassword("a long enough password") } });
    expect(await resolveOAuthUser(email, "Intruder")).toEqual({ ok: false, reason: "link_refused" });
    await getDb().user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    const linked = await resolveOAuthUser(email, "Owner");
    expect(linked.ok && linked.user.id).toBe(user.id);
  });
});

describe("next-auth's signIn callback (as next-auth calls it after the provider returns)", () => {
  const signIn = (email: string, emailVerified: boolean) =>
    getAuthOptions().callbacks!.signIn!({
      user: { id: "google-sub-1", email, name: "G" },
      account: { provider: "google", type: "oauth", providerAccountId: "google-sub-1", access_token: "t" },
      profile: { email, name: "G", email_verified: emailVerified } as never,
    });

  it("refuses an unverified password account with a message code for the sign-in page", async () => {
    const email = `victim-${randomBytes(4).toString("hex")}@example.com`;
    await getDb().user.create({ data: { email, passwordHash: await hashPassword("a long enough password") } });
    await expect(signIn(email, true)).resolves.toBe("/sign-in?error=OAuthLinkRefused");
  });

  it("refuses a provider that does not assert the email is verified, even for a verified account", async () => {
    const email = `verified-${randomBytes(4).toString("hex")}@example.com`;
    await getDb().user.create({ data: { email, passwordHash: await hashPassword("a long enough password"), emailVerifiedAt: new Date() } });
    await expect(signIn(email, false)).resolves.toBe("/sign-in?error=OAuthEmailNotVerified");
    await expect(signIn(email, true)).resolves.toBe(true);
  });

  it("lets a new address in and creates its user", async () => {
    const email = `newcomer-${randomBytes(4).toString("hex")}@example.com`;
    await expect(signIn(email, true)).resolves.toBe(true);
    expect(await getDb().user.findUnique({ where: { email } })).toMatchObject({ passwordHash: null });
  });
});

// The inviter holds the invitation link (the console shows it), so opening it proves
// nothing about who reads the invited address: an attacker invites the victim's address to
// their own organization and accepts it themself, with a password of their choosing.
describe("an invitation accepted by whoever holds the link is not proof of the address", { timeout: 60_000 }, () => {
  const googleSignIn = (email: string) => {
    const account = { provider: "google", type: "oauth" as const, providerAccountId: `sub-${email}`, access_token: "t" };
    const user = { id: account.providerAccountId, email, name: "Owner" };
    return { account, user, result: getAuthOptions().callbacks!.signIn!({ user, account, profile: { email, name: "Owner", email_verified: true } as never }) };
  };

  async function attackerOrg() {
    const { org } = await signUpWithOrganization({ email: `attacker-${randomBytes(4).toString("hex")}@example.com`, password: "the attacker's password", orgName: "Attacker org" });
    return org.id;
  }

  it("invitation sign-up: the real owner's later Google sign-in is not linked into the account the attacker made", async () => {
    const victim = `victim-${randomBytes(4).toString("hex")}@corp.test`;
    const { token } = await createInvite(await attackerOrg(), { email: victim, role: "member" }, OPERATOR);
    await acceptInviteWithNewAccount(token, { password: "the attacker's password" });
    const planted = await getDb().user.findUniqueOrThrow({ where: { email: victim } });
    expect(planted.emailVerifiedAt).toBeNull();
    const { account, user, result } = googleSignIn(victim);
    await expect(result).resolves.toBe("/sign-in?error=OAuthLinkRefused");
    // No session can be made for the planted account from this provider sign-in either.
    await expect(getAuthOptions().callbacks!.jwt!({ token: { email: victim, sub: user.id }, user, account, trigger: "signIn" })).rejects.toThrow();
  });

  it("accept path: a password account the attacker registered is not verified by accepting their own invitation", async () => {
    const victim = `victim-${randomBytes(4).toString("hex")}@corp.test`;
    const { user: planted } = await signUpWithOrganization({ email: victim, password: "the attacker's password", orgName: "Planted" });
    const { token } = await createInvite(await attackerOrg(), { email: victim, role: "member" }, OPERATOR);
    await acceptInvite(token, planted.id);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: planted.id } })).emailVerifiedAt).toBeNull();
    await expect(googleSignIn(victim).result).resolves.toBe("/sign-in?error=OAuthLinkRefused");
  });
});

describe("next-auth's jwt callback after an OAuth sign-in (as next-auth calls both, with the same account object)", () => {
  it("signs in the user signIn decided for, not the one of the profile's public email", async () => {
    const verified = `verified-${randomBytes(4).toString("hex")}@example.com`;
    // Someone registered a password account (unverified) at the address the profile shows.
    const shown = `shown-${randomBytes(4).toString("hex")}@example.com`;
    const planted = await getDb().user.create({ data: { email: shown, passwordHash: await hashPassword("the planter's password") } });
    const callbacks = getAuthOptions().callbacks!;
    const account = { provider: "google", type: "oauth" as const, providerAccountId: "sub-2", access_token: "t" };
    const user = { id: "sub-2", email: shown, name: "V" };
    await expect(callbacks.signIn!({ user, account, profile: { email: verified, name: "V", email_verified: true } as never })).resolves.toBe(true);
    const token = await callbacks.jwt!({ token: { email: shown, sub: "sub-2" }, user, account, trigger: "signIn" });
    const owner = await getDb().user.findUniqueOrThrow({ where: { email: verified } });
    expect(token.sub).toBe(owner.id);
    expect(token.sub).not.toBe(planted.id);
    expect(token.email).toBe(verified);
  });

  it("refuses a jwt call for an account signIn never let in", async () => {
    const email = `never-${randomBytes(4).toString("hex")}@example.com`;
    await getDb().user.create({ data: { email, passwordHash: null, emailVerifiedAt: new Date() } });
    const account = { provider: "google", type: "oauth" as const, providerAccountId: "sub-3", access_token: "t" };
    await expect(getAuthOptions().callbacks!.jwt!({ token: { email, sub: "sub-3" }, user: { id: "sub-3", email }, account })).rejects.toThrow();
  });
});

describe("next-auth's redirect callback", () => {
  const redirect = (url: string) => getAuthOptions().callbacks!.redirect!({ url, baseUrl: "http://127.0.0.1:3000" });

  it.each([
    ["/console/abc", "http://127.0.0.1:3000/console/abc"],
    ["http://127.0.0.1:3000/invite/tok", "http://127.0.0.1:3000/invite/tok"],
    ["https://evil.example/", "http://127.0.0.1:3000/console"],
    ["/..//evil.example", "http://127.0.0.1:3000/console"],
    ["http://127.0.0.1:3000/%2e%2e//evil.example", "http://127.0.0.1:3000/console"],
  ])("%s → %s", async (url, expected) => {
    await expect(redirect(url)).resolves.toBe(expected);
  });
});
