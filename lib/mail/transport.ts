import nodemailer, { type Transporter } from "nodemailer";
import { config } from "@/lib/config/env";

// One nodemailer transport per SMTP_URL, reused: it pools nothing by default, but building
// it parses the URL and its TLS options once. Bounded waits, so a mail server that does not
// answer delays a notice by seconds, never a request or a job by minutes.

let cached: { url: string; transport: Transporter } | undefined;

export function mailConfigured(): boolean {
  return config().smtpUrl !== undefined;
}

/** The transport for SMTP_URL, or null when no mail server is configured. */
export function mailTransport(): Transporter | null {
  const url = config().smtpUrl;
  if (!url) return null;
  if (cached?.url !== url) {
    cached = {
      url,
      transport: nodemailer.createTransport(url, {
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    };
  }
  return cached.transport;
}
