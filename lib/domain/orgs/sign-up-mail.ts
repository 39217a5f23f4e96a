import { config } from "@/lib/platform/config/env";
import { sendMail, type SendMailResult } from "@/lib/platform/mail/send-mail";

/**
 * Tells the owner of an address that someone tried to sign up with it: the sign-up form
 * answers a taken address as it answers a free one, so this mail is how a person who
 * forgot they had an account finds out (and how an owner learns of a probe).
 */
export async function mailSignUpAttempt(email: string): Promise<SendMailResult> {
  const origin = new URL(config().nextAuthUrl ?? `http://localhost:${process.env.PORT ?? 3000}`).origin;
  return sendMail({
    to: email,
    subject: "Someone tried to sign up with your address",
    text: `Someone (hopefully you) tried to create an account on the integrations console with ${email}, which already has one. Nothing was changed and nobody was signed in.\n\nIf it was you, sign in with your existing password:\n${origin}/sign-in\n\nForgot it? Choose a new one here:\n${origin}/forgot-password\n\nIf it was not you, ignore this message.`,
  });
}
