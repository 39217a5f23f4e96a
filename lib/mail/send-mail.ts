import { config } from "@/lib/config/env";
import { logger } from "@/lib/observability/logger";
import { mailTransport } from "./transport";

// The one way the app sends mail. Plain text is always sent (every client reads it); an
// HTML part is optional. The caller decides whether a failure matters: this never throws
// for a mail server problem, it says what happened, and logs it without the SMTP_URL
// (which carries the server's credentials).

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
};

export type SendMailResult =
  | { outcome: "sent"; messageId: string }
  | { outcome: "not_configured" }
  | { outcome: "failed"; error: string };

export async function sendMail(mail: Mail): Promise<SendMailResult> {
  const transport = mailTransport();
  if (!transport) return { outcome: "not_configured" };
  try {
    const info = await transport.sendMail({
      from: config().mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
    });
    return { outcome: "sent", messageId: String(info.messageId) };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    logger.warn({ event: "mail.failed", error }, "sending mail failed");
    return { outcome: "failed", error };
  }
}
