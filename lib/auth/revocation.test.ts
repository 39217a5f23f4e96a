import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { getAuthOptions } from "./options";
import { liveSessionUser, revokeAllSessions, SESSION_MAX_AGE_SECONDS } from "./revocation";

// Sessions end on the server (docs/security.md, "Sessions"): next-auth's own callbacks
// and sign-out event, as it calls them, against the real database.

async function signedInToken() {
  const email = `session-${randomBytes(4).toString("hex")}@example.com`;
  const user = await getDb().user.create({ data: { email, name: "S" } });
  const { callbacks } = getAuthOptions();
  const token = await callbacks!.jwt!({
    token: { email, sub: user.id },
    user: { id: user.id, email, name: "S" },
    account: { provider: "credentials", type: "credentials", providerAccountId: user.id },
    trigger: "signIn",
  });
  const claims = () => ({ userId: token.sub, sid: token.sid, signedInAt: token.signedInAt });
  return { user, token, claims };
}

describe("console sessions", () => {
  it("each sign-in gets its own session id and time; a valid session finds its user", async () => {
    const first = await signedInToken();
    const second = await signedInToken();
    expect(first.token.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.token.sid).not.toBe(second.token.sid);
    expect(await liveSessionUser(first.claims())).toEqual({ id: first.user.id, email: first.user.email, name: "S" });
  });

  it("signing out revokes that session only, even a copy of its cookie", async () => {
    const { user, token, claims } = await signedInToken();
    const other = await getAuthOptions().callbacks!.jwt!({
      token: { sub: user.id },
      user: { id: user.id, email: user.email },
      account: { provider: "credentials", type: "credentials", providerAccountId: user.id },
    });
    await getAuthOptions().events!.signOut!({ token, session: undefined as never });
    expect(await liveSessionUser(claims())).toBeNull();
    expect(await liveSessionUser({ userId: user.id, sid: other.sid, signedInAt: other.signedInAt })).toMatchObject({ id: user.id });
    // Signing out twice is harmless.
    await getAuthOptions().events!.signOut!({ token, session: undefined as never });
  });

  it("sign out everywhere ends every session signed in so far, not later ones", async () => {
    const { user, claims } = await signedInToken();
    await revokeAllSessions(user.id, new Date(Date.now() + 5));
    expect(await liveSessionUser(claims())).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const later = await getAuthOptions().callbacks!.jwt!({
      token: { sub: user.id },
      user: { id: user.id, email: user.email },
      account: { provider: "credentials", type: "credentials", providerAccountId: user.id },
    });
    expect(await liveSessionUser({ userId: user.id, sid: later.sid, signedInAt: later.signedInAt })).toMatchObject({ id: user.id });
  });

  it("a session lives at most its maximum age from sign-in, however often its cookie was refreshed", async () => {
    const { claims } = await signedInToken();
    const signedInAt = claims().signedInAt!;
    expect(await liveSessionUser(claims(), signedInAt + SESSION_MAX_AGE_SECONDS * 1000 - 1000)).not.toBeNull();
    expect(await liveSessionUser(claims(), signedInAt + SESSION_MAX_AGE_SECONDS * 1000 + 1000)).toBeNull();
  });

  it.each([
    ["a token from before sessions had ids", (c: Record<string, unknown>) => ({ userId: c.userId })],
    ["a malformed session id", (c: Record<string, unknown>) => ({ ...c, sid: "not-a-uuid" })],
    ["a sign-in time in the future", (c: Record<string, unknown>) => ({ ...c, signedInAt: Date.now() + 60_000 })],
  ])("refuses %s", async (_name, change) => {
    const { claims } = await signedInToken();
    expect(await liveSessionUser(change(claims()))).toBeNull();
  });
});
