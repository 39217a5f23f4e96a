import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP server on 127.0.0.1 for tests: it speaks the protocol (EHLO, AUTH, MAIL,
// RCPT, DATA) and keeps every message it accepts, so a test sees the mail exactly as a
// mail server would. Optional credentials are checked like a real server does.

export type ReceivedMail = {
  from: string;
  to: string[];
  /** The whole message as sent: headers, blank line, body (transfer-encoded). */
  raw: string;
  /** The Subject header, unfolded; encoded words (=?UTF-8?...?=) are left as sent. */
  subject: string;
};

export type TestSmtpServer = {
  /** smtp://[user:pass@]127.0.0.1:<port>, ready for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves once `count` messages arrived (rejects after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
};

export async function startSmtpServer(options: { user?: string; password?: string } = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const requireAuth = options.user !== undefined;
  const server = new SMTPServer({
    // Plain SMTP on loopback: STARTTLS would need a certificate the client trusts.
    disabledCommands: requireAuth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !requireAuth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) return callback(null, { user: auth.username });
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const headers = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          subject: /^Subject: (.*)$/im.exec(headers)?.[1] ?? "",
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  const credentials = requireAuth ? `${encodeURIComponent(options.user!)}:${encodeURIComponent(options.password ?? "")}@` : "";
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    messages,
    waitFor: async (count, timeoutMs = 5_000) => {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
