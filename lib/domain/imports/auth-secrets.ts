import type { z } from "zod";
import { decryptSecret, encryptSecret } from "@/lib/platform/crypto/secret-box";
import type { DataSource } from "@/lib/generated/prisma/client";
import { sameOrigin } from "./header-origin";
import {
  AUTH_SECRET_KEY,
  authSecretOf,
  publicAuth,
  storedAuthSchema,
  withAuthSecret,
  type AuthUpdate,
  type SourceAuth,
  type StoredAuth,
} from "./source-config";

// A data source's credentials at rest: the public part (type, header or parameter name,
// user name, token URL, client id, scope) in clear in `auth`, the one secret sealed in
// `authCiphertext` (AES-256-GCM, the same secret box as header values). Nothing here
// returns or logs a secret: only the fetch opens it, through openSourceAuth.
//
// A saved secret belongs to where it was entered for: the data URL's origin, and for
// OAuth also the token URL's origin. An edit that leaves the secret out keeps it only
// when the auth type and those origins are unchanged; otherwise it must be re-entered.

export function sealAuth(auth: SourceAuth): { auth: StoredAuth; authCiphertext: string | null } {
  const secret = authSecretOf(auth);
  return { auth: publicAuth(auth), authCiphertext: secret === undefined ? null : encryptSecret(secret) };
}

export function storedAuthOf(source: Pick<DataSource, "auth">): StoredAuth {
  const parsed = storedAuthSchema.safeParse(source.auth);
  return parsed.success ? parsed.data : { type: "none" };
}

/** The stored auth with its secret, for sending requests only; null when the secret is missing. */
export function openSourceAuth(source: Pick<DataSource, "auth" | "authCiphertext">): SourceAuth | null {
  const stored = storedAuthOf(source);
  const secret = source.authCiphertext ? decryptSecret(source.authCiphertext) : undefined;
  return withAuthSecret(stored, secret);
}

/**
 * An auth object from a form or file, with a left-out secret filled from the saved one
 * when that is allowed (same type, same data origin, same token origin). Issues point at
 * the secret's field when it must be entered again.
 */
export function mergeAuth(
  input: AuthUpdate,
  saved: { url: string; auth: SourceAuth | null } | null,
  nextUrl: string,
): { auth: SourceAuth | null; issues: z.core.$ZodIssue[] } {
  const key = AUTH_SECRET_KEY[input.type];
  const given = authSecretOf(input);
  if (!key || given !== undefined) return { auth: input as SourceAuth, issues: [] };

  const previous = saved?.auth ?? null;
  const sameType = previous !== null && previous.type === input.type;
  const sameDataOrigin = saved !== null && sameOrigin(nextUrl, saved.url);
  const sameTokenOrigin =
    input.type !== "oauth2ClientCredentials" ||
    (previous?.type === "oauth2ClientCredentials" && sameOrigin(input.tokenUrl, previous.tokenUrl));
  if (previous && sameType && sameDataOrigin && sameTokenOrigin) {
    return { auth: { ...input, [key]: authSecretOf(previous) } as SourceAuth, issues: [] };
  }
  const why = !previous || !sameType
    ? "enter it (nothing is saved for this kind of authentication)"
    : !sameDataOrigin
      ? "the URL now points to another site: enter it again (saved secrets are only sent to the site they were entered for)"
      : "the token URL now points to another site: enter it again (the client secret is only sent to its token URL)";
  return { auth: null, issues: [{ code: "custom", path: ["auth", key], message: `Give the ${SECRET_LABEL[key]}: ${why}.`, input: undefined }] };
}

const SECRET_LABEL: Record<string, string> = {
  token: "token",
  password: "password",
  value: "value",
  clientSecret: "client secret",
};
