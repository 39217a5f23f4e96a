import http from "node:http";
import type { AddressInfo } from "node:net";
import { verifySignature } from "@/lib/domain/webhooks/signature";

// A webhook receiver on 127.0.0.1 for tests and the benchmark: a real node:http server
// that keeps every request and checks its X-Service-Signature with verifySignature, the
// function we tell partners to run, against each secret it was given.

export type ReceivedWebhook = {
  path: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  body: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
  /** For each known secret (in the order given), whether the signature verifies with it. */
  verifiedWith: boolean[];
};

export type Reply = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  /** Secrets to verify against (may change during a test, e.g. after a roll). */
  secrets: string[];
  /** How to answer the next requests (default 200 "ok"). */
  reply: (request: ReceivedWebhook) => Reply;
  /** TCP connections accepted so far (keep-alive reuse shows as fewer than requests). */
  connections: number;
  /** Resolves once `count` requests arrived (rejects after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedWebhook[]>;
  close: () => Promise<void>;
};

export async function startWebhookReceiver(
  options: { secrets?: string[]; reply?: (request: ReceivedWebhook) => Reply; /** Listen here (a receiver coming back up). */ port?: number } = {},
): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: "",
    connections: 0,
    received: [],
    secrets: options.secrets ?? [],
    reply: options.reply ?? (() => ({ status: 200, body: "ok" })),
    waitFor: async (count, timeoutMs = 5_000) => {
      const deadline = Date.now() + timeoutMs;
      while (receiver.received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} webhook requests, got ${receiver.received.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return receiver.received;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      let body: ReceivedWebhook["body"];
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = { id: "", type: "", createdAt: "", data: {} };
      }
      const header = req.headers["x-service-signature"];
      const request: ReceivedWebhook = {
        path: req.url ?? "/",
        headers: req.headers,
        rawBody,
        body,
        verifiedWith: receiver.secrets.map((secret) => verifySignature({ rawBody, header, secret }).ok),
      };
      receiver.received.push(request);
      const reply = receiver.reply(request);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { "content-type": "text/plain", ...reply.headers });
        res.end(reply.body ?? "");
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  server.on("connection", () => {
    receiver.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
