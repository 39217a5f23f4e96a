import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

describe("clientAddress", () => {
  const headers = new Headers({ "x-forwarded-for": "203.0.113.7, 10.0.0.1" });

  it("believes x-forwarded-for's first hop only behind a trusted proxy", () => {
    expect(clientAddress(headers, {})).toBeNull();
    expect(clientAddress(headers, { VERCEL: "1" })).toBe("203.0.113.7");
    expect(clientAddress(headers, { TRUST_PROXY_HEADERS: "1" })).toBe("203.0.113.7");
    expect(clientAddress(new Headers({ "x-forwarded-for": "not-an-ip" }), { VERCEL: "1" })).toBeNull();
    expect(clientAddress(new Headers(), { VERCEL: "1" })).toBeNull();
  });

  it("gives one spelling per client: IPv4-mapped IPv6 as IPv4, IPv6 compressed, no zone", () => {
    const first = (value: string) => clientAddress(new Headers({ "x-forwarded-for": value }), { VERCEL: "1" });
    expect(first("::ffff:198.51.100.9")).toBe("198.51.100.9");
    expect(first("2001:DB8:0:0:0:0:0:1, 10.0.0.1")).toBe("2001:db8::1");
    expect(first("fe80::1%eth0")).toBeNull();
    expect(first("010.1.2.3")).toBeNull();
  });
});
