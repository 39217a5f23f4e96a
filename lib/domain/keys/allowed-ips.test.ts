import { describe, expect, it } from "vitest";
import { allowedIpsSchema, MAX_ALLOWED_IPS, normalizeRange } from "./allowed-ips";
import { createKeySchema } from "./key-schema";

describe("normalizeRange", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7/32"],
    ["203.0.113.0/24", "203.0.113.0/24"],
    ["203.0.113.77/24", "203.0.113.0/24"],
    ["0.0.0.0/0", "0.0.0.0/0"],
    ["2001:DB8::1", "2001:db8::1/128"],
    ["2001:db8:0:0:0:0:0:0/32", "2001:db8::/32"],
    ["2001:db8:abcd::5/48", "2001:db8:abcd::/48"],
    ["::/0", "::/0"],
    ["::ffff:198.51.100.0/120", "198.51.100.0/24"],
    ["::ffff:198.51.100.9", "198.51.100.9/32"],
    ["  10.0.0.0/8 ", "10.0.0.0/8"],
  ])("%s → %s", (input, normalised) => {
    expect(normalizeRange(input)).toBe(normalised);
  });

  it.each(["", "10.0.0", "10.0.0.256", "010.0.0.1", "0x0a.0.0.1", "10.0.0.0/33", "10.0.0.0/", "10.0.0.0/-1", "10.0.0.0/8/8", "2001:db8::/129", "fe80::1%eth0", "gggg::1", "example.com", "10.0.0.0/08a"])(
    "refuses %j",
    (input) => {
      expect(normalizeRange(input)).toBeNull();
    },
  );
});

describe("allowedIpsSchema", () => {
  it("reads a textarea (lines, commas, spaces) or a list; normalises and removes duplicates", () => {
    expect(allowedIpsSchema.parse("203.0.113.0/24\n2001:db8::/32, 203.0.113.9/24\r\n\n")).toEqual(["203.0.113.0/24", "2001:db8::/32"]);
    expect(allowedIpsSchema.parse(["10.0.0.1", "10.0.0.1/32"])).toEqual(["10.0.0.1/32"]);
    expect(allowedIpsSchema.parse(undefined)).toEqual([]);
    expect(allowedIpsSchema.parse("   ")).toEqual([]);
  });

  it("names the refused entries in one message on the field", () => {
    const result = createKeySchema.safeParse({ name: "K", scopes: ["events:read"], allowedIps: "10.0.0.0/8\n10.0.0.300\nnope" });
    expect(result.success).toBe(false);
    const issues = result.error!.issues;
    expect(issues).toHaveLength(1);
    expect(issues[0].path).toEqual(["allowedIps"]);
    expect(issues[0].message).toContain("“10.0.0.300”, “nope”");
  });

  it(`takes at most ${MAX_ALLOWED_IPS} distinct ranges`, () => {
    const ranges = (count: number) => Array.from({ length: count }, (_, i) => `10.0.${i}.0/24`);
    expect(allowedIpsSchema.parse([...ranges(MAX_ALLOWED_IPS), "10.0.0.0/24"])).toHaveLength(MAX_ALLOWED_IPS);
    const result = allowedIpsSchema.safeParse(ranges(MAX_ALLOWED_IPS + 1).join("\n"));
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].message).toBe(`A key allows at most ${MAX_ALLOWED_IPS} IP ranges (${MAX_ALLOWED_IPS + 1} given).`);
  });
});
