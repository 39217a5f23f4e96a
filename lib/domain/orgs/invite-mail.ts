import type { MemberRole } from "@/lib/generated/prisma/client";
import { config } from "@/lib/platform/config/env";
import { sendMail, type SendMailResult } from "@/lib/platform/mail/send-mail";
import { INVITE_TTL_MS, invitePath } from "./invites";

const ROLE_WORDS: Record<MemberRole, string> = {
  admin: "an admin (manages keys, webhooks, data sources and members)",
  member: "a member (sees everything, changes nothing)",
  door_staff: "door staff (guest lists and check-in)",
};

// The organization's name and the inviter's name are chosen by whoever signed up, and go
// to an address of their choosing: never let them read as our own words. They appear
// only inside quotation marks, cut short, on one line, with anything a mail client could
// turn into a link broken up ("evil[.]example", "https[:]//"), so the one link in the mail
// is ours.
const NAME_MAX = 60;

/** A name chosen by a customer, as it may appear in a mail: quoted, short, one line, no links. */
export function quotedForMail(value: string): string {
  const oneLine = value.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, " ").replace(/\s+/g, " ").trim();
  const short = [...oneLine].length > NAME_MAX ? `${[...oneLine].slice(0, NAME_MAX - 1).join("")}…` : oneLine;
  const unlinked = short
    .replace(/:\/\//g, "[:]//")
    .replace(/(\w)\.(?=[\p{L}\p{N}])/gu, "$1[.]")
    .replace(/@/g, "[at]")
    .replace(/"/g, "'");
  return `"${unlinked}"`;
}

function appOrigin(): string {
  return new URL(config().nextAuthUrl ?? `http://localhost:${process.env.PORT ?? 3000}`).origin;
}

/** Emails an invitation link; the caller tells the admin what happened (and shows the link either way). */
export async function mailInvite(input: { email: string; role: MemberRole; orgName: string; invitedBy: string; token: string }): Promise<SendMailResult> {
  const days = Math.round(INVITE_TTL_MS / 86_400_000);
  const orgName = quotedForMail(input.orgName);
  return sendMail({
    to: input.email,
    subject: `Invitation to join ${orgName}`,
    text: `${quotedForMail(input.invitedBy)} invited you to join the organization ${orgName} on the integrations console as ${ROLE_WORDS[input.role]}. The names in quotation marks were chosen by that organization, not by us.\n\nAccept here (the link works once, for ${days} days):\n${appOrigin()}${invitePath(input.token)}\n\nIf you did not expect this, ignore this message.`,
  });
}
