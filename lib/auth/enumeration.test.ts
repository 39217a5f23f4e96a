import { OPERATOR } from "@/lib/domain/audit/record";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createInvite, acceptInviteWithNewAccount, acceptInviteWithoutDisclosure } from "@/lib/domain/orgs/invites";
import { getDb } from "@/lib/platform/db/client";
import { signUpWithOrganization, signUpWithoutDisclosure } from "@/lib/domain/orgs/sign-up";
import { authorizeCredentials } from "./credentials";
import { passwordHashQueue } from "./hash-queue";
import { recentHashDurations } from "./passwords";

// Whether an address has an account must not show in the work done: every path of
// sign-up and invite acceptance runs exactly one password hash, taken address or not, a
// sign-in for an address without a password takes a hash's turn and time without the
// CPU, and the public sign-up answers the same (docs/security.md, "Enumeration").

const email = (tag: string) => `${tag}-${randomBytes(4).toString("hex")}@example.com`;
const password = "a long enough password";

async function hashesDuring(work: () => Promise<unknown>): Promise<number> {
  const queue = passwordHashQueue();
  const before = queue.started;
  await work().catch(() => null);
  return queue.started - before;
}

// Each case runs several scrypt hashes (~1 s each on a loaded 2-core machine).
describe("the same hashing work whether or not the email exists", { timeout: 120_000 }, () => {
  it("sign-in: a wrong password hashes once, an unknown email waits its turn and a hash's time without hashing, and both answer alike", async () => {
    const known = email("known");
    await signUpWithOrganization({ email: known, password, orgName: "Known org" });
    const queue = passwordHashQueue();
    let unknownAnswer: unknown;
    let wrongAnswer: unknown;
    expect(await hashesDuring(async () => (wrongAnswer = await authorizeCredentials({ email: known, password: "wrong password!" })))).toBe(1);
    const imitatedBefore = queue.imitated;
    const started = performance.now();
    expect(await hashesDuring(async () => (unknownAnswer = await authorizeCredentials({ email: email("nobody"), password })))).toBe(0);
    const unknownMs = performance.now() - started;
    expect(queue.imitated - imitatedBefore).toBe(1);
    // It waited as long as one of the recent real hashes (the one just made among them).
    expect(unknownMs).toBeGreaterThanOrEqual(Math.min(...recentHashDurations()) - 1);
    expect(unknownAnswer).toBeNull();
    expect(wrongAnswer).toBeNull();
  });

  it("sign-up: a taken address costs the same hash as a free one", async () => {
    const taken = email("taken");
    await signUpWithOrganization({ email: taken, password, orgName: "First" });
    expect(await hashesDuring(() => signUpWithOrganization({ email: email("free"), password, orgName: "Free" }))).toBe(1);
    expect(await hashesDuring(() => signUpWithOrganization({ email: taken.toUpperCase(), password, orgName: "Again" }))).toBe(1);
  });

  it("public sign-up: a taken address gets the same answer as a free one, and nothing is written or changed", async () => {
    const taken = email("taken-public");
    await signUpWithOrganization({ email: taken, password, orgName: "Original", name: "Original Name" });
    const before = await getDb().user.findUniqueOrThrow({ where: { email: taken }, include: { memberships: true } });
    const free = email("free-public");

    let freeAnswer: unknown;
    let takenAnswer: unknown;
    expect(await hashesDuring(async () => (freeAnswer = (await signUpWithoutDisclosure({ email: free, password, orgName: "Free org" })).receipt))).toBe(1);
    expect(await hashesDuring(async () => (takenAnswer = (await signUpWithoutDisclosure({ email: taken, password: "another password here", orgName: "Probe org", name: "Prober" })).receipt))).toBe(1);

    expect(freeAnswer).toEqual({ email: free });
    expect(takenAnswer).toEqual({ email: taken });
    // The probe made no organization; the taken account is exactly as it was.
    expect(await getDb().organization.count({ where: { name: "Probe org" } })).toBe(0);
    expect(await getDb().user.findUniqueOrThrow({ where: { email: taken }, include: { memberships: true } })).toEqual(before);
    const created = await getDb().user.findUniqueOrThrow({ where: { email: free }, include: { memberships: { include: { org: true } } } });
    expect(created.memberships.map((m) => [m.role, m.org.name])).toEqual([["admin", "Free org"]]);
  });

  it("invite acceptance: a taken address costs one hash, an unknown link none (it says nothing about accounts)", async () => {
    const { org } = await signUpWithOrganization({ email: email("admin"), password, orgName: "Inviting" });
    const taken = email("member");
    await signUpWithOrganization({ email: taken, password, orgName: "Own org" });
    const { token } = await createInvite(org.id, { email: taken, role: "member" }, OPERATOR);
    expect(await hashesDuring(() => acceptInviteWithNewAccount("not-a-real-token-0123456789", { password }))).toBe(0);
    expect(await hashesDuring(() => acceptInviteWithNewAccount(token, { password }))).toBe(1);
  });

  it("invitation sign-up: a taken invited address gets the same answer as a free one, and nothing is written", async () => {
    const { org } = await signUpWithOrganization({ email: email("admin"), password, orgName: "Uniform invites" });
    const taken = email("has-account");
    await signUpWithOrganization({ email: taken, password, orgName: "Their own org" });
    const before = await getDb().user.findUniqueOrThrow({ where: { email: taken }, include: { memberships: true } });
    const free = email("no-account");
    const toTaken = await createInvite(org.id, { email: taken, role: "member" }, OPERATOR);
    const toFree = await createInvite(org.id, { email: free, role: "member" }, OPERATOR);

    let freeAnswer: unknown;
    let takenAnswer: unknown;
    expect(await hashesDuring(async () => (freeAnswer = await acceptInviteWithoutDisclosure(toFree.token, { password })))).toBe(1);
    expect(await hashesDuring(async () => (takenAnswer = await acceptInviteWithoutDisclosure(toTaken.token, { password: "the link holder's password" })))).toBe(1);

    expect(freeAnswer).toEqual({ email: free });
    expect(takenAnswer).toEqual({ email: taken });
    expect(await getDb().user.findUniqueOrThrow({ where: { email: taken }, include: { memberships: true } })).toEqual(before);
    // Still pending: the owner accepts it after signing in with their own password.
    expect((await getDb().invite.findUniqueOrThrow({ where: { id: toTaken.invite.id } })).acceptedAt).toBeNull();
    expect((await getDb().invite.findUniqueOrThrow({ where: { id: toFree.invite.id } })).acceptedAt).not.toBeNull();
    // Refusals that say nothing about accounts still come back.
    await expect(acceptInviteWithoutDisclosure("not-a-real-token", { password })).rejects.toMatchObject({ details: { reason: "invite_not_found" } });
  });
});
