import { afterEach, describe, expect, it } from "vitest";
import { checkOutboundUrl, nonPublicAddressLabel, outboundAllowLoopback, type HostLookup } from "./url-guard";

// Nothing here touches the network: literal IPs are classified without DNS, and
// every host name goes through an injected resolver.

/** A resolver backed by a fixed table; unknown names fail like NXDOMAIN. */
function fakeDns(table: Record<string, string[]>): HostLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (host: string) => {
    calls.push(host);
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return Object.assign(lookup, { calls });
}

const dnsTable = {
  "example.com": ["93.184.216.34"],
  "v6.example.com": ["2606:2800:220:1:248:1893:25c8:1946"],
  "internal.example.com": ["10.0.0.1"],
  "mixed.example.com": ["93.184.216.34", "192.168.0.10"],
  "metadata.example.com": ["169.254.169.254"],
  "mapped.example.com": ["::ffff:10.0.0.1"],
  "ula.example.com": ["fd12:3456::1"],
  "cgnat.example.com": ["100.64.1.1"],
  "empty.example.com": [],
};

describe("checkOutboundUrl: hostile inputs are refused", () => {
  const lookup = fakeDns(dnsTable);
  const hostile: Array<[input: string, reasonPart: RegExp]> = [
    ["http://example.com", /https:\/\//],
    ["https://127.0.0.1", /loopback/],
    ["https://127.0.0.2:8443/x", /loopback/],
    ["https://localhost", /this machine/],
    ["https://LOCALHOST.", /this machine/],
    ["https://foo.localhost", /this machine/],
    ["https://[::1]", /loopback/],
    ["https://0.0.0.0", /unspecified/],
    ["https://0", /unspecified/],
    ["https://[::]", /unspecified/],
    ["https://10.1.2.3", /private network/],
    ["https://172.16.0.1", /private network/],
    ["https://172.31.255.254", /private network/],
    ["https://192.168.1.1", /private network/],
    ["https://169.254.169.254/latest/meta-data", /link-local/],
    ["https://[::ffff:127.0.0.1]", /loopback/],
    ["https://[::ffff:a9fe:a9fe]", /link-local/],
    ["https://[::127.0.0.1]", /reserved/], // deprecated IPv4-compatible form
    ["https://[fd00::1]", /private network/],
    ["https://[fc00::1]", /private network/],
    ["https://[fe80::1]", /link-local/],
    ["https://100.64.0.1", /carrier-grade NAT/],
    ["https://2130706433", /loopback/], // decimal 127.0.0.1
    ["https://0x7f.1", /loopback/], // hex + short form
    ["https://017700000001", /loopback/], // octal
    ["https://224.0.0.1", /multicast/],
    ["https://[ff02::1]", /multicast/],
    ["https://255.255.255.255", /broadcast/],
    ["https://240.0.0.1", /reserved/],
    ["https://192.0.2.1", /reserved/], // TEST-NET-1
    ["https://[2002:a00:1::]", /6to4/],
    ["https://[2001:0:4136:e378::1]", /./], // Teredo
    ["https://[64:ff9b::a00:1]", /NAT64/],
    ["https://user:pass@example.com", /user name or password/],
    ["https://user@example.com", /user name or password/],
    ["ftp://x", /https:\/\//],
    ["javascript:alert(1)", /https:\/\//],
    ["file:///etc/passwd", /https:\/\//],
    ["not a url", /not a valid URL/],
    ["", /not a valid URL/],
    ["https://internal.example.com/hook", /resolves to a private network address \(10\.0\.0\.1\)/],
    ["https://mixed.example.com", /192\.168\.0\.10/],
    ["https://metadata.example.com", /link-local/],
    ["https://mapped.example.com", /private network/],
    ["https://ula.example.com", /private network/],
    ["https://cgnat.example.com", /carrier-grade NAT/],
    ["https://empty.example.com", /could not be resolved/],
    ["https://does-not-exist.example.com", /could not be resolved/],
  ];

  it.each(hostile)("refuses %s", async (input, reasonPart) => {
    const result = await checkOutboundUrl(input, { lookup });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reasonPart);
  });

  it("has at least 20 hostile cases", () => {
    expect(hostile.length).toBeGreaterThanOrEqual(20);
  });

  it("never consults DNS for literal addresses or refused schemes", async () => {
    const spy = fakeDns({});
    for (const input of ["https://10.0.0.1", "https://[::1]", "http://example.com", "https://localhost"]) {
      await checkOutboundUrl(input, { lookup: spy });
    }
    expect(spy.calls).toEqual([]);
  });
});

describe("checkOutboundUrl: public targets are allowed", () => {
  const lookup = fakeDns(dnsTable);
  const allowed = [
    "https://1.1.1.1",
    "https://8.8.8.8:8443/hooks?x=1",
    "https://[2606:4700:4700::1111]/",
    "https://example.com/webhooks",
    "https://v6.example.com",
    "https://EXAMPLE.com./x",
  ];

  it.each(allowed)("allows %s", async (input) => {
    const result = await checkOutboundUrl(input, { lookup });
    expect(result).toMatchObject({ ok: true });
    if (result.ok) expect(result.url).toBeInstanceOf(URL);
  });

  it("returns the normalised URL", async () => {
    const result = await checkOutboundUrl("https://EXAMPLE.com/a b", { lookup });
    expect(result.ok && result.url.href).toBe("https://example.com/a%20b");
  });
});

describe("checkOutboundUrl: loopback exception", () => {
  const lookup = fakeDns(dnsTable);

  it.each([
    "http://127.0.0.1:8080",
    "http://127.0.0.1/hook",
    "https://127.0.0.1:9443",
    "http://localhost:3000/x",
    "https://localhost",
  ])("allows %s with the flag", async (input) => {
    expect(await checkOutboundUrl(input, { allowLoopback: true, lookup })).toMatchObject({ ok: true });
  });

  it.each(["http://127.0.0.1:8080", "http://localhost:3000/x"])("refuses %s without the flag", async (input) => {
    expect(await checkOutboundUrl(input, { lookup })).toMatchObject({ ok: false });
  });

  it.each([
    "http://10.0.0.1",
    "https://10.0.0.1",
    "http://127.0.0.2",
    "http://[::1]:8080",
    "http://foo.localhost",
    "http://example.com",
    "http://user:pass@127.0.0.1:8080",
    "https://internal.example.com",
    "https://169.254.169.254",
  ])("still refuses %s with the flag", async (input) => {
    expect(await checkOutboundUrl(input, { allowLoopback: true, lookup })).toMatchObject({ ok: false });
  });
});

describe("outboundAllowLoopback", () => {
  const saved = process.env.OUTBOUND_ALLOW_LOOPBACK;
  afterEach(() => {
    if (saved === undefined) delete process.env.OUTBOUND_ALLOW_LOOPBACK;
    else process.env.OUTBOUND_ALLOW_LOOPBACK = saved;
  });

  it.each([
    [undefined, false],
    ["0", false],
    ["true", false],
    ["1", true],
  ] as const)("OUTBOUND_ALLOW_LOOPBACK=%s -> %s", (value, expected) => {
    if (value === undefined) delete process.env.OUTBOUND_ALLOW_LOOPBACK;
    else process.env.OUTBOUND_ALLOW_LOOPBACK = value;
    expect(outboundAllowLoopback()).toBe(expected);
  });
});

describe("nonPublicAddressLabel", () => {
  it.each([
    ["93.184.216.34", null],
    ["2606:4700:4700::1111", null],
    ["::ffff:93.184.216.34", null], // mapped public is still public
    ["::ffff:192.168.1.1", "a private network address"],
    ["not-an-ip", "not a valid IP address"],
  ])("%s -> %s", (ip, expected) => {
    expect(nonPublicAddressLabel(ip)).toBe(expected);
  });
});
