import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";

// Every route that reads a request body stops at its cap while the body streams: a
// chunked body far over it (no Content-Length to refuse up front) is answered 413 in the
// error envelope, and the production server's memory does not grow with what was sent.

const SENT_BYTES = 200 * 1024 * 1024;
const CHUNK = Buffer.alloc(1024 * 1024, "a");
/** What may be left after a request the server stopped reading (buffers, JIT, GC timing). */
const RSS_GROWTH_LIMIT = 64 * 1024 * 1024;

function serverPid(): number {
  const file = path.join("e2e", ".output", "server.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { serverPid: number }).serverPid;
}

function rss(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1];
  return Number(kb) * 1024;
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; sentBytes: number };

/** Streams up to SENT_BYTES, chunked, and stops writing once the server answers. */
function chunkedFlood(route: string, headers: Record<string, string>): Promise<Answer> {
  const base = new URL(test.info().project.use.baseURL!);
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const request = http.request({ host: base.hostname, port: base.port, method: "POST", path: route, headers }, (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode!, headers: response.headers, body, sentBytes });
      });
    });
    // Once answered, the server may close the connection under the rest of the upload.
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && sentBytes < SENT_BYTES) {
        sentBytes += CHUNK.length;
        if (!request.write(CHUNK)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

const ROUTES: { route: string; headers: Record<string, string> }[] = [
  { route: "/api/stripe/webhook", headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" } },
  { route: "/api/auth/callback/credentials", headers: { "content-type": "application/x-www-form-urlencoded" } },
  { route: "/api/inngest?fnId=x&stepId=step", headers: { "content-type": "application/json", "x-inngest-signature": "t=1&s=00" } },
];

test.describe.configure({ mode: "serial" });

for (const { route, headers } of ROUTES) {
  test(`POST ${route} with a chunked 200 MB body answers 413 without buffering it`, async () => {
    const pid = serverPid();
    const before = rss(pid);
    const answer = await chunkedFlood(route, headers);
    const after = rss(pid);
    console.log(`${route}: sent ${answer.sentBytes / 1024 / 1024} MB before the answer; RSS ${Math.round(before / 1048576)} → ${Math.round(after / 1048576)} MB`);
    expect(answer.status).toBe(413);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    const requestId = answer.headers["x-request-id"];
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: "PAYLOAD_TOO_LARGE", message: expect.any(String), details: { reason: "body_too_large", maxBytes: expect.any(Number) }, requestId },
    });
    expect(answer.sentBytes, "answered long before the whole body was sent").toBeLessThan(SENT_BYTES);
    // Bounded by the route's cap (read, then copied once), never by what was sent.
    const maxBytes = JSON.parse(answer.body).error.details.maxBytes as number;
    expect(after - before, "RSS growth").toBeLessThan(2 * maxBytes + RSS_GROWTH_LIMIT);
  });
}
