import { randomBytes } from "node:crypto";
import { decode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { signUpWithoutDisclosure } from "@/lib/domain/orgs/sign-up";
import { getAuthOptions } from "./options";
import { newAccountSessionToken } from "./new-account-session";
import { liveSessionUser } from "./revocation";

describe("the session a new account gets from its sign-up", { timeout: 60_000 }, () => {
  it("is a session token next-auth reads, for that user, with a sign-in id and time the console accepts", async () => {
    const email = `signed-up-${randomBytes(4).toString("hex")}@example.com`;
    const { created } = await signUpWithoutDisclosure({ email, password: "a long enough password", orgName: "Signed up" });
    const token = await decode({ token: await newAccountSessionToken(created!.user), secret: getAuthOptions().secret! });
    expect(token).toMatchObject({ sub: created!.user.id, email });
    expect(await liveSessionUser({ userId: token!.sub, sid: token!.sid, signedInAt: token!.signedInAt })).toMatchObject({ id: created!.user.id, email });
  });
});
