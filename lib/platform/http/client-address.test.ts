import { describe, expect, it } from "vitest";
import { SOCKET_ADDRESS_ENV, SOCKET_ADDRESS_HEADER, clientAddress, proxiedClientAddress } from "./client-address";

describe("clientAddress", () => {
  const headers = new Headers({ "x-forwarded-for": "203.0.113.7, 10.0.0.1" });

  it("believes x-forwarded-for only behind a trusted proxy, and there the hop that proxy added (the right-most)", () => {
    expect(clientAddress(headers, {})).toBeNull();
    expect(clientAddress(headers, { TRUST_PROXY_HEADERS: "1" })).toBe("10.0.0.1");
    // A client-written first hop is not believed: the proxy appended the address it saw.
    const forged = new Headers({ "x-forwarded-for": "198.51.100.1, 203.0.113.7" });
    expect(clientAddress(forged, { TRUST_PROXY_HEADERS: "1" })).toBe("203.0.113.7");
    // Two proxies of ours (a CDN, then a load balancer): the second hop from the right.
    expect(clientAddress(new Headers({ "x-forwarded-for": "198.51.100.1, 203.0.113.7, 10.0.0.2" }), { TRUST_PROXY_HEADERS: "2" })).toBe("203.0.113.7");
    expect(clientAddress(new Headers({ "x-forwarded-for": "203.0.113.7" }), { TRUST_PROXY_HEADERS: "2" })).toBeNull();
    expect(clientAddress(headers, { TRUST_PROXY_HEADERS: "yes" })).toBeNull();
  });

  it("on Vercel believes x-real-ip, which its edge sets, over any x-forwarded-for", () => {
    const vercel = new Headers({ "x-real-ip": "203.0.113.7", "x-vercel-forwarded-for": "203.0.113.7", "x-forwarded-for": "198.51.100.1" });
    expect(clientAddress(vercel, { VERCEL: "1" })).toBe("203.0.113.7");
    expect(clientAddress(new Headers({ "x-vercel-forwarded-for": "203.0.113.8" }), { VERCEL: "1" })).toBe("203.0.113.8");
    expect(clientAddress(new Headers({ "x-forwarded-for": "203.0.113.9" }), { VERCEL: "1" })).toBe("203.0.113.9");
    expect(clientAddress(new Headers({ "x-forwarded-for": "not-an-ip" }), { VERCEL: "1" })).toBeNull();
    expect(clientAddress(new Headers(), { VERCEL: "1" })).toBeNull();
  });

  it("gives one spelling per client: IPv4-mapped IPv6 as IPv4, IPv6 compressed, no zone", () => {
    const first = (value: string) => clientAddress(new Headers({ "x-forwarded-for": value }), { VERCEL: "1" });
    expect(first("::ffff:198.51.100.9")).toBe("198.51.100.9");
    expect(first("10.0.0.1, 2001:DB8:0:0:0:0:0:1")).toBe("2001:db8::1");
    expect(first("fe80::1%eth0")).toBeNull();
    expect(first("010.1.2.3")).toBeNull();
  });

  it("takes the socket's address from the npm start server's header, and only where that server announced it", () => {
    const fromServer = new Headers({ [SOCKET_ADDRESS_HEADER]: "::ffff:192.0.2.44", "x-forwarded-for": "203.0.113.7" });
    expect(clientAddress(fromServer, { [SOCKET_ADDRESS_ENV]: "1" })).toBe("192.0.2.44");
    // Plain `next start` (no announcement): a client could have written the header itself.
    expect(clientAddress(fromServer, {})).toBeNull();
    // Behind a trusted proxy its word wins over the socket (the proxy's own address).
    expect(clientAddress(fromServer, { [SOCKET_ADDRESS_ENV]: "1", VERCEL: "1" })).toBe("203.0.113.7");
    expect(clientAddress(new Headers({ [SOCKET_ADDRESS_HEADER]: "garbage" }), { [SOCKET_ADDRESS_ENV]: "1" })).toBeNull();
  });
});

describe("proxiedClientAddress (the throttles)", () => {
  it("never uses the socket: behind an undeclared reverse proxy it is everyone's address", () => {
    const fromServer = new Headers({ [SOCKET_ADDRESS_HEADER]: "192.0.2.44", "x-forwarded-for": "203.0.113.7" });
    expect(proxiedClientAddress(fromServer, { [SOCKET_ADDRESS_ENV]: "1" })).toBeNull();
    expect(proxiedClientAddress(fromServer, { TRUST_PROXY_HEADERS: "1" })).toBe("203.0.113.7");
  });
});
