import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { signUp, uniqueEmail } from "./console";
import { sql } from "./server";

// Helpers of the webhook and data-source specs: rows the console cannot create (events,
// memberships without the invitation flow) and a partner's JSON API on 127.0.0.1, which
// the server reaches through OUTBOUND_ALLOW_LOOPBACK=1 (playwright.config.ts).

/** An event of the organization (events are made in the organizer app, not this console). */
export async function createEvent(orgId: string, name: string, timezone = "Europe/Amsterdam"): Promise<string> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${Math.random().toString(36).slice(2, 8)}`;
  const [event] = await sql<{ id: string }>(
    `INSERT INTO "Event" ("orgId", slug, name, status, "startAt", "endAt", timezone, "updatedAt")
     VALUES ($1, $2, $3, 'published', now() + interval '30 days', now() + interval '31 days', $4, now()) RETURNING id`,
    [orgId, slug, name, timezone],
  );
  return event.id;
}

/** A second person, signed in in their own browser context, made a member (not an admin) of `orgId`. */
export async function signInAsMember(browser: Browser, orgId: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail("member");
  await signUp(page, { email, orgName: "Member's own org" });
  await sql(`INSERT INTO "Membership" ("orgId", "userId", role) SELECT $1, id, 'member' FROM "User" WHERE email = $2`, [orgId, email]);
  return { context, page };
}

export type JsonServer = {
  url: (path: string) => string;
  requests: { path: string; headers: IncomingMessage["headers"] }[];
  close: () => Promise<void>;
};

/** A partner's JSON API: `routes` maps a path to a handler returning status, body and an optional delay. */
export async function startJsonServer(
  routes: Record<string, (req: IncomingMessage) => { status?: number; body: unknown; delayMs?: number }>,
): Promise<JsonServer> {
  const requests: JsonServer["requests"] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0];
    requests.push({ path, headers: req.headers });
    const route = routes[path];
    const answer = route ? route(req) : { status: 404, body: { error: "not found" } };
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(answer.status ?? 200, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body));
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
