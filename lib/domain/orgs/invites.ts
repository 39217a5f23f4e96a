import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { inviteSchema, inviteSignUpSchema } from "@/lib/auth/form-schemas";
import { hashNewAccountPassword, hashPassword } from "@/lib/auth/passwords";
import { recordAttempt } from "@/lib/auth/throttle/throttle";
import { getDb } from "@/lib/platform/db/client";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import type { Invite, Organization } from "@/lib/generated/prisma/client";
import { countInvitation } from "./invite-limits";
import { emailTakenError, isUniqueViolation } from "./sign-up";

// Invitations are one-time links, mailed to the address (invite-mail.ts) and shown to the
// admin who made them, so the link proves nothing about who reads the address. The token
// is 256 random bits shown once; only its sha256 is stored, so a database leak does not
// yield working links. A fast hash is enough for that much entropy.

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const TOKEN_BYTES = 32;

export function hashInviteToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function invitePath(token: string): string {
  return `/invite/${token}`;
}

export type InviteState = "pending" | "accepted" | "expired";

export function inviteState(invite: Pick<Invite, "acceptedAt" | "expiresAt">, now: Date = new Date()): InviteState {
  if (invite.acceptedAt) return "accepted";
  return invite.expiresAt <= now ? "expired" : "pending";
}

/**
 * Creates an invitation and returns its token (the only time it exists in clear). Inviting
 * an address that already has a pending invite replaces that invite, so an admin who lost
 * a link just invites again; the old link stops working. Invitations are counted per
 * organization, inviter and address (invite-limits.ts) before anything is written.
 */
export async function createInvite(
  orgId: string,
  input: z.input<typeof inviteSchema>,
  actor: Actor,
  now: Date = new Date(),
): Promise<{ invite: Invite; token: string }> {
  const parsed = inviteSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const { email, role } = parsed.data;
  await countInvitation(orgId, email, actor);
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const invite = await getDb().$transaction(async (tx) => {
    const member = await tx.membership.findFirst({ where: { orgId, user: { email } } });
    if (member) {
      const message = "This person is already a member of the organization.";
      throw new AppError("CONFLICT", message, {
        reason: "already_member",
        fields: { email: { code: "already_member", message } },
      });
    }
    const replaced = await tx.invite.deleteMany({ where: { orgId, email, acceptedAt: null } });
    const created = await tx.invite.create({
      data: {
        orgId,
        email,
        role,
        tokenHash: hashInviteToken(token),
        createdById: actor.type === "user" ? actor.userId : null,
        expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
      },
    });
    await recordAudit(tx, orgId, actor, {
      action: "invitation.sent",
      target: inviteTarget(created),
      summary: { email, role, replacedPendingInvitation: replaced.count > 0 },
    });
    return created;
  }, WRITE_TRANSACTION);
  return { invite, token };
}

function inviteTarget(invite: Pick<Invite, "id" | "email">) {
  return { type: "invitation", id: invite.id, label: invite.email };
}

/** Accepting is done by the invited person themself: they are the audit entry's actor. */
async function recordAcceptance(tx: Tx, invite: Invite, user: { id: string; email: string }) {
  const actor: Actor = { type: "user", userId: user.id, email: user.email };
  await recordAudit(tx, invite.orgId, actor, { action: "invitation.accepted", target: inviteTarget(invite), summary: { role: invite.role } });
}

export type InviteWithOrg = Invite & { org: Pick<Organization, "id" | "name"> };

/** The invite a link names, whatever its state, or null for a token that was never issued. */
export async function findInviteByToken(token: string): Promise<InviteWithOrg | null> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return null;
  return getDb().invite.findUnique({
    where: { tokenHash: hashInviteToken(token) },
    include: { org: { select: { id: true, name: true } } },
  });
}

function inviteNotFound(): AppError {
  return new AppError("NOT_FOUND", "This invitation link is not valid.", { reason: "invite_not_found" });
}

function inviteRefusal(state: Exclude<InviteState, "pending">): AppError {
  return state === "accepted"
    ? new AppError("CONFLICT", "This invitation has already been used.", { reason: "invite_used" })
    : new AppError("CONFLICT", "This invitation has expired. Ask an admin for a new link.", { reason: "invite_expired" });
}

function emailMismatch(inviteEmail: string): AppError {
  return new AppError(
    "FORBIDDEN",
    `This invitation is for ${inviteEmail}. Sign in with that address to accept it.`,
    { reason: "invite_email_mismatch" },
  );
}

type Tx = Parameters<Parameters<ReturnType<typeof getDb>["$transaction"]>[0]>[0];

/** Locks the invite row so two acceptances of one link cannot both succeed (single use). */
async function lockPendingInvite(tx: Tx, token: string, now: Date): Promise<Invite> {
  const tokenHash = hashInviteToken(token);
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Invite" WHERE "tokenHash" = ${tokenHash} FOR UPDATE`;
  const invite = locked[0] ? await tx.invite.findUnique({ where: { id: locked[0].id } }) : null;
  if (!invite) throw inviteNotFound();
  const state = inviteState(invite, now);
  if (state !== "pending") throw inviteRefusal(state);
  return invite;
}

/**
 * A signed-in user accepts: the invite's email must be theirs (compared case-insensitively)
 * and the invite pending. Someone who is already a member keeps their role; the link is
 * used up either way.
 */
export async function acceptInvite(token: string, userId: string, now: Date = new Date()) {
  return getDb().$transaction(async (tx) => {
    const invite = await lockPendingInvite(tx, token, now);
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    if (user.email.toLowerCase() !== invite.email.toLowerCase()) throw emailMismatch(invite.email);
    // The address stays as (un)verified as it was: the inviter holds this link too, so
    // opening it proves nothing about who reads the address (docs/security.md).
    await tx.membership.upsert({
      where: { orgId_userId: { orgId: invite.orgId, userId } },
      create: { orgId: invite.orgId, userId, role: invite.role },
      update: {},
    });
    await tx.invite.update({ where: { id: invite.id }, data: { acceptedAt: now } });
    await recordAcceptance(tx, invite, user);
    return { orgId: invite.orgId, role: invite.role };
  });
}

/**
 * Someone without an account accepts: the user is created with the invite's email, joined
 * and the invite used, in one transaction. The address is not marked verified: only a
 * link mailed to it and opened proves that (a password reset does).
 */
export async function acceptInviteWithNewAccount(
  token: string,
  input: z.input<typeof inviteSignUpSchema>,
  now: Date = new Date(),
  client: { ip: string | null } = { ip: null },
) {
  return createInvitedAccount(token, input, now, client, false);
}

/**
 * The link is looked up before anything is counted or hashed: an unknown, used or expired
 * link costs one indexed read, never a password hash (it tells nothing about accounts: a
 * valid link names its address to whoever holds it anyway). A valid link is counted per
 * invitation and client IP (and service-wide when `open`, the public page) and hashed
 * whether or not its address has an account, so those two cost the same.
 */
async function createInvitedAccount(
  token: string,
  input: z.input<typeof inviteSignUpSchema>,
  now: Date,
  client: { ip: string | null },
  open: boolean,
) {
  const parsed = inviteSignUpSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const found = await findInviteByToken(token);
  if (!found) throw inviteNotFound();
  const state = inviteState(found, now);
  if (state !== "pending") throw inviteRefusal(state);
  await recordAttempt({ action: "invite", account: hashInviteToken(token), ip: client.ip, newAccount: open });
  const passwordHash = open ? await hashNewAccountPassword(parsed.data.password) : await hashPassword(parsed.data.password);
  try {
    return await getDb().$transaction(async (tx) => {
      const invite = await lockPendingInvite(tx, token, now);
      // Not verified: whoever holds the link (the inviter included) chose this password.
      const user = await tx.user.create({ data: { email: invite.email, name: parsed.data.name, passwordHash } });
      await tx.membership.create({ data: { orgId: invite.orgId, userId: user.id, role: invite.role } });
      await tx.invite.update({ where: { id: invite.id }, data: { acceptedAt: now } });
      await recordAcceptance(tx, invite, user);
      return { orgId: invite.orgId, role: invite.role, email: user.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
}

/**
 * The invitation page's "create account and join": the same answer whether or not the
 * invited address already has an account (docs/security.md, "Enumeration"). A free address
 * is created and joined; a taken one changes nothing and the invitation stays pending for
 * its owner to accept after signing in. Refusals that do not depend on the address (an
 * unknown, used or expired link, invalid input, throttling) still come back.
 */
export async function acceptInviteWithoutDisclosure(
  token: string,
  input: z.input<typeof inviteSignUpSchema>,
  now: Date = new Date(),
  client: { ip: string | null } = { ip: null },
): Promise<{ email: string }> {
  try {
    await createInvitedAccount(token, input, now, client, true);
  } catch (error) {
    if (!(error instanceof AppError && error.details?.reason === "email_taken")) throw error;
  }
  // Looked up on both paths, so neither does more database work than the other here.
  const invite = await findInviteByToken(token);
  if (!invite) throw inviteNotFound();
  return { email: invite.email };
}

/** Withdraws a pending invite of `orgId`; its link stops working at once. */
export async function revokeInvite(orgId: string, inviteId: string, actor: Actor): Promise<void> {
  const invite = z.uuid().safeParse(inviteId).success ? await getDb().invite.findFirst({ where: { id: inviteId, orgId, acceptedAt: null } }) : null;
  if (!invite) throw new AppError("NOT_FOUND", "No such pending invitation.");
  await getDb().$transaction(async (tx) => {
    const result = await tx.invite.deleteMany({ where: { id: invite.id, orgId, acceptedAt: null } });
    if (result.count === 0) throw new AppError("NOT_FOUND", "No such pending invitation.");
    await recordAudit(tx, orgId, actor, { action: "invitation.revoked", target: inviteTarget(invite), summary: { email: invite.email, role: invite.role } });
  }, WRITE_TRANSACTION);
}

/** Pending and expired (not accepted) invites, newest first. */
export async function listOpenInvites(orgId: string) {
  return getDb().invite.findMany({
    where: { orgId, acceptedAt: null },
    orderBy: { createdAt: "desc" },
    include: { createdBy: { select: { email: true, name: true } } },
  });
}
