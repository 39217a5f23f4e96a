import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { closeNewKey, createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { sql } from "./support/server";

// The `svc-partner` command as a partner gets it: the SDK tarball the production server
// serves, installed with npm into an empty project, run from node_modules/.bin against
// that server. An attendee created through the API reaches a local receiver signed with
// the secret the command printed, and the standardwebhooks package verifies it.

type Received = { rawBody: string; headers: http.IncomingHttpHeaders };

test("svc-partner listen from the installed tarball forwards a created attendee, signed with the printed secret", async ({ page, request, baseURL }) => {
  test.setTimeout(300_000);
  const work = mkdtempSync(path.join(tmpdir(), "svc-partner-e2e-"));
  const children: ChildProcessWithoutNullStreams[] = [];
  const received: Received[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ rawBody: Buffer.concat(chunks).toString("utf8"), headers: req.headers });
      res.writeHead(204).end();
    });
  });
  try {
    const orgId = await signUp(page, { email: uniqueEmail("cli"), orgName: "CLI Org" });
    await unlockBilling(orgId);
    const apiKey = await createKey(page, orgId, "Laptop", ["events:read", "attendees:read", "attendees:write"]);
    await closeNewKey(page);
    const [draft] = await sql<{ id: string }>(
      `INSERT INTO "Event" ("orgId", slug, name, status, "startAt", "endAt", timezone, "updatedAt")
       VALUES ($1, $2, 'CLI Draft', 'draft', now() + interval '30 days', now() + interval '31 days', 'UTC', now()) RETURNING id`,
      [orgId, `cli-draft-${Date.now()}`],
    );

    // The tarball the reference links, from the server, into an empty project.
    const reference = await (await request.get("/partner/v1/docs")).text();
    const tarballPath = /href="[^"]*?(\/sdk\/[^"]+\.tgz)"/.exec(reference)?.[1];
    expect(tarballPath).toBeDefined();
    const tarball = await request.get(tarballPath!);
    expect(tarball.status()).toBe(200);
    const app = path.join(work, "app");
    execFileSync("mkdir", ["-p", app]);
    writeFileSync(path.join(work, "sdk.tgz"), await tarball.body());
    writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "partner-laptop", private: true }));
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--offline", "--silent", path.join(work, "sdk.tgz")], { cwd: app });
    const bin = path.join(app, "node_modules", ".bin", "svc-partner");
    const env = { ...process.env, SVC_PARTNER_HOME: path.join(work, "home"), SVC_PARTNER_API_KEY: apiKey, SVC_PARTNER_BASE_URL: `${baseURL}/partner/v1` };

    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;

    // Bad input: one line on stderr and a non-zero exit.
    const refuse = (args: string[], extraEnv: Record<string, string> = {}) => {
      try {
        execFileSync(bin, args, { env: { ...env, ...extraEnv }, encoding: "utf8", stdio: "pipe" });
        return { status: 0, stderr: "" };
      } catch (error) {
        const failed = error as { status: number; stderr: string };
        return { status: failed.status, stderr: failed.stderr };
      }
    };
    const notHttp = refuse(["listen", "--forward-to", "file:///etc/passwd"]);
    expect(notHttp.status).toBe(2);
    expect(notHttp.stderr).toMatch(/^svc-partner: --forward-to must be an http:\/\/ or https:\/\/ URL, not file:\/\/\.\n$/);
    const unreachable = refuse(["listen", "--forward-to", "http://127.0.0.1:9/webhooks"]);
    expect(unreachable.status).toBe(1);
    expect(unreachable.stderr).toMatch(/^svc-partner: cannot reach the receiver at http:\/\/127\.0\.0\.1:9\/webhooks \(ECONNREFUSED\); start it first\.\n$/);
    const badKey = refuse(["listen", "--forward-to", hookUrl], { SVC_PARTNER_API_KEY: "svc_live_00000000000000000000000000000000" });
    expect(badKey.status).toBe(1);
    expect(badKey.stderr).toMatch(/^svc-partner: the API refused the key \(401 UNAUTHORIZED: .+\)\.\n$/);

    const listener = spawn(bin, ["listen", "--forward-to", hookUrl, "--events", "attendee.created"], { env });
    children.push(listener);
    let stdout = "";
    let stderr = "";
    listener.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    listener.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    await expect.poll(() => stdout, { timeout: 30_000 }).toContain("Forwarding attendee.created");
    const secret = /Signing secret: (whsec_[A-Za-z0-9]{32})/.exec(stdout)![1];
    expect(execFileSync(bin, ["listen", "--print-secret"], { env, encoding: "utf8" }).trim()).toBe(secret);

    const created = await request.post(`/partner/v1/events/${draft.id}/attendees`, {
      headers: { authorization: `Bearer ${apiKey}` },
      data: { email: "laptop@example.com", displayName: "Laptop Tester" },
    });
    expect(created.status()).toBe(201);
    const attendeeId = (await created.json()).data.id as string;

    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    const [delivery] = received;
    const event = new Webhook(secret).verify(delivery.rawBody, delivery.headers as Record<string, string>) as { id: string; type: string; data: { id: string } };
    expect(event).toMatchObject({ type: "attendee.created", data: { id: attendeeId } });
    expect(delivery.headers["x-service-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => new Webhook("whsec_" + "A".repeat(32)).verify(delivery.rawBody, delivery.headers as Record<string, string>)).toThrow();
    // The body is the feed's item byte for byte (the same bytes a delivery carries).
    const feed = await request.get(`/partner/v1/webhook-events?types=attendee.created`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(await feed.text()).toContain(delivery.rawBody);
    await expect.poll(() => stdout, { timeout: 10_000 }).toMatch(new RegExp(`attendee\\.created\\s+${event.id}\\s+\\[204\\] \\d+ ms\\n`));

    // trigger, from the same installed package: refused on nothing, a test attendee on the draft.
    const triggered = execFileSync(bin, ["trigger", "attendee.created", "--event-id", draft.id], { env, encoding: "utf8" });
    expect(triggered).toMatch(/^Created test attendee [0-9a-f-]{36} \(svc-partner-test-[0-9a-f]{8}@example\.com\) on "CLI Draft"/);
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);

    listener.kill("SIGINT");
    const code = await new Promise<number | null>((resolve) => listener.once("exit", resolve));
    expect(code).toBe(0);
    expect(stderr).toBe("");
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    receiver.closeAllConnections();
    receiver.close();
    rmSync(work, { recursive: true, force: true });
  }
});
