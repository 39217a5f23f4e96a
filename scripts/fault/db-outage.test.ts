import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disconnectDb } from "@/lib/platform/db/client";
import { createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { startTcpProxy, viaProxy, type TcpProxy } from "@/lib/testing/tcp-proxy";
import { runDbOutageDrill } from "./db-outage-drill";

// The short version of `npm run fault:db`: the same drill against the in-process route
// server, whose database pool goes through a proxy that is cut for 3 s.

let proxy: TcpProxy;
let server: RouteServer;
let direct: pg.Pool;
let eventId: string;
let secrets: string[];
const originalUrl = process.env.DATABASE_URL!;

beforeAll(async () => {
  const org = await createTestOrg({ plan: "card" });
  eventId = (await createTestEvent(org.id)).id;
  secrets = [];
  for (let i = 0; i < 4; i++) secrets.push((await createTestKey(org.id)).secret);
  const target = new URL(originalUrl);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  // The app's pool is opened again, through the proxy.
  await disconnectDb();
  process.env.DATABASE_URL = viaProxy(originalUrl, proxy.port);
  server = await startRouteServer();
  direct = new pg.Pool({ connectionString: originalUrl, max: 1 });
});

afterAll(async () => {
  await server?.close();
  await disconnectDb();
  process.env.DATABASE_URL = originalUrl;
  await proxy?.close();
  await direct?.end();
});

describe("database outage", () => {
  it("answers 503 with Retry-After during the outage, recovers within 5 s, and loses no acknowledged write", { timeout: 60_000 }, async () => {
    let next = 0;
    const report = await runDbOutageDrill({
      baseUrl: server.baseUrl,
      eventId,
      authorization: () => `Bearer ${secrets[next++ % secrets.length]}`,
      proxy,
      pool: direct,
      beforeMs: 1_500,
      outageMs: 3_000,
      afterMs: 4_000,
      concurrency: 4,
      // 4 keys carry 2,400 requests a minute: the drill's 8.5 s at 200/s stay below that.
      maxRequestsPerSecond: 200,
    });
    expect(report.violations).toEqual([]);
    expect(report.outage.statuses["503"]).toBeGreaterThan(0);
    expect(report.writes.acknowledged).toBeGreaterThan(0);
    expect(report.writes.lost).toBe(0);
  });
});
