import type { Account, Profile } from "next-auth";
import type { Provider } from "next-auth/providers/index";
import GitHubProvider from "next-auth/providers/github";
import GoogleProvider from "next-auth/providers/google";
import { getDb } from "@/lib/platform/db/client";
import { Prisma, type User } from "@/lib/generated/prisma/client";

/** GitHub and Google sign-in are offered only when their client id and secret are configured. */
export function oauthProviders(env: Record<string, string | undefined> = process.env): Provider[] {
  const providers: Provider[] = [];
  if (env.GITHUB_ID && env.GITHUB_SECRET) {
    providers.push(GitHubProvider({ clientId: env.GITHUB_ID, clientSecret: env.GITHUB_SECRET }));
  }
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.push(GoogleProvider({ clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }));
  }
  return providers;
}

/** The ids and labels of the configured OAuth providers, for the sign-in buttons. */
export function oauthProviderList(env: Record<string, string | undefined> = process.env): { id: "github" | "google"; name: string }[] {
  const list: { id: "github" | "google"; name: string }[] = [];
  if (env.GITHUB_ID && env.GITHUB_SECRET) list.push({ id: "github", name: "GitHub" });
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) list.push({ id: "google", name: "Google" });
  return list;
}

type GitHubEmail = { email: string; verified: boolean; primary: boolean };

/**
 * The provider-verified email of an OAuth sign-in, or null. Accounts are matched by email,
 * so an unverified address would let anyone claim an existing account: Google states
 * `email_verified`; GitHub's profile email is not necessarily verified, so its email list
 * is asked for the verified primary address.
 */
export async function verifiedOAuthEmail(
  account: Pick<Account, "provider" | "access_token">,
  profile: Profile | undefined,
  fetchImpl: typeof fetch = fetch,
): Promise<string | null> {
  if (account.provider === "google") {
    const google = profile as (Profile & { email_verified?: boolean }) | undefined;
    return google?.email && google.email_verified === true ? google.email : null;
  }
  if (account.provider === "github" && account.access_token) {
    const response = await fetchImpl("https://api.github.com/user/emails", {
      headers: { authorization: `Bearer ${account.access_token}`, accept: "application/vnd.github+json" },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return null;
    const emails = (await response.json()) as GitHubEmail[];
    const primary = emails.find((entry) => entry.primary && entry.verified);
    return primary?.email ?? null;
  }
  return null;
}

export type OAuthUserResult = { ok: true; user: User } | { ok: false; reason: "link_refused" };

/**
 * The console user for a provider-verified OAuth email (callers check that first, with
 * verifiedOAuthEmail). A new address gets a new user without a password, its email
 * verified by the provider. An existing user is joined only when that is safe: an
 * OAuth-only user (made by an earlier verified sign-in) or a password user whose own
 * address is verified. A password account whose address nobody proved could have been
 * registered by someone else for this email, or be the victim of someone who controls the
 * provider account: the caller tells the user to sign in with their password instead.
 * Concurrent first sign-ins race on the unique email; the loser reads the winner's row.
 */
export async function resolveOAuthUser(verifiedEmail: string, name: string | null | undefined): Promise<OAuthUserResult> {
  const db = getDb();
  const existing = await db.user.findUnique({ where: { email: verifiedEmail } });
  if (existing) return linkable(existing);
  try {
    const user = await db.user.create({
      data: { email: verifiedEmail, name: (name ?? "").slice(0, 200), passwordHash: null, emailVerifiedAt: new Date() },
    });
    return { ok: true, user };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      return linkable(await db.user.findUniqueOrThrow({ where: { email: verifiedEmail } }));
    }
    throw error;
  }
}

function linkable(user: User): OAuthUserResult {
  if (user.passwordHash === null || user.emailVerifiedAt !== null) return { ok: true, user };
  return { ok: false, reason: "link_refused" };
}
