import type { MemberRole } from "@/lib/generated/prisma/client";
import { config } from "@/lib/platform/config/env";
import { sendMail, type SendMailResult } from "@/lib/platform/mail/send-mail";
import { INVITE_TTL_MS, invitePath } from "./invites";

const ROLE_WORDS: Record<MemberRole, string> = {
  admin: "an admin (manages keys, webhooks, data sources and members)",
  member: "a member (sees everything, changes nothing)",
  door_staff: "door staff (guest lists and check-in)",
};

/** Emails an invitation link; the caller tells the admin what happened (and shows the link either way). */
export async function mailInvite(input: { email: string; role: MemberRole; orgName: string; invitedBy: string; token: string }): Promise<SendMailResult> {
  const origin = new URL(config().nextAuthUrl ?? `http://localhost:${process.env.PORT ?? 3000}`).origin;
  const days = Math.round(INVITE_TTL_MS / 86_400_000);
  return sendMail({
    to: input.email,
    subject: `You are invited to ${input.orgName}`,
    text: `${input.invitedBy} invited you to join ${input.orgName} on the integrations console as ${ROLE_WORDS[input.role]}.\n\nAccept here (the link works once, for ${days} days):\n${origin}${invitePath(input.token)}\n\nIf you did not expect this, ignore this message.`,
  });
}
