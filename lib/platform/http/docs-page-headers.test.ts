import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";

// The HTML reference over HTTP: its policy allows exactly the stylesheet and the script it
// inlines (by hash, never 'unsafe-inline'), nothing else, and it carries the page headers.

let server: RouteServer;
beforeAll(async () => {
  server = await startRouteServer();
});
afterAll(async () => server?.close());

describe("GET /partner/v1/docs headers", () => {
  it("allows its inline stylesheet and script by hash and nothing else", async () => {
    const response = await fetch(`${server.baseUrl}/partner/v1/docs`);
    const html = await response.text();
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
    expect(styles.length).toBeGreaterThan(0);
    const policy = response.headers.get("content-security-policy") ?? "";
    const styleSrc = /style-src ([^;]+)/.exec(policy)?.[1];
    expect(styleSrc).toBe(styles.map((css) => `'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`).join(" "));
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1];
    expect(scriptSrc).toBe(scripts.map((js) => `'sha256-${createHash("sha256").update(js, "utf8").digest("base64")}'`).join(" "));
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(policy).toMatch(/^default-src 'none';/);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|'self'|https?:/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"]) expect(policy).toContain(directive);
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("permissions-policy")).toContain("microphone=()");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    // Tests run outside production: no HSTS.
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });
});
