import { describe, expect, it } from "vitest";
import { attendeeMappingSchema } from "./mapping";
import { matchSkipRule, skipRulesSchema } from "./skip-rules";

describe("skip rules: the shape", () => {
  it("takes path with exactly one of equals or in", () => {
    expect(skipRulesSchema.safeParse([{ path: "cancelled", equals: true }, { path: "status", in: ["Not Attending", "Refunded"] }]).success).toBe(true);
    expect(skipRulesSchema.safeParse([{ path: "x", equals: null }]).success).toBe(true);
  });

  it.each([
    ["neither", [{ path: "cancelled" }], "exactly one of equals or in"],
    ["both", [{ path: "a", equals: 1, in: [1] }], "exactly one of equals or in"],
    ["an unknown key", [{ path: "a", equal: 1 }], '"equal" is not one of them'],
    ["an empty in", [{ path: "a", in: [] }], "at least one value"],
    ["an object value", [{ path: "a", equals: { x: 1 } }], "text, a number, true/false or null"],
    ["a bad path", [{ path: "a..b", equals: 1 }], "single dots"],
    ["not a list", { path: "a", equals: 1 }, "must be a list of rules"],
  ])("refuses %s with a clear message", (_what, rules, message) => {
    const parsed = skipRulesSchema.safeParse(rules);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.message).join(" ")).toContain(message);
  });

  it("sits in the mapping beside fields, with recordIdPath for attendees", () => {
    const parsed = attendeeMappingSchema.safeParse({ skip: [{ path: "cancelled", equals: true }], recordIdPath: "id", fields: { email: { path: "email" } } });
    expect(parsed.success).toBe(true);
    const bad = attendeeMappingSchema.safeParse({ skip: [{ path: "cancelled" }], fields: { email: { path: "email" } } });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].path).toEqual(["skip", 0]);
  });
});

describe("skip rules: matching", () => {
  const rules = skipRulesSchema.parse([
    { path: "cancelled", equals: true },
    { path: "status", in: ["Not Attending", "Refunded"] },
    { path: "order.state", equals: "c" },
  ]);

  it.each([
    [{ cancelled: true }, "Skipped by rule: cancelled is true."],
    [{ cancelled: "TRUE " }, 'Skipped by rule: cancelled is "TRUE ".'],
    [{ status: "not attending" }, 'Skipped by rule: status is "not attending".'],
    [{ status: "Refunded" }, 'Skipped by rule: status is "Refunded".'],
    [{ order: { state: "C" } }, 'Skipped by rule: order.state is "C".'],
  ])("matches %j, ignoring case and spaces", (record, reason) => {
    expect(matchSkipRule(record, rules)?.reason).toBe(reason);
  });

  it.each([[{ cancelled: false, status: "Attending" }], [{ cancelled: "yes" }], [{ status: ["Refunded"] }], [{ order: "c" }], [{}]])("lets %j through", (record) => {
    expect(matchSkipRule(record, rules)).toBeNull();
  });

  it("null matches a missing or blank value; numbers match their text", () => {
    const nullRule = skipRulesSchema.parse([{ path: "email", equals: null }]);
    expect(matchSkipRule({}, nullRule)?.reason).toBe("Skipped by rule: email is missing.");
    expect(matchSkipRule({ email: "  " }, nullRule)).not.toBeNull();
    expect(matchSkipRule({ email: "a@b.c" }, nullRule)).toBeNull();
    const numberRule = skipRulesSchema.parse([{ path: "qty", equals: 0 }]);
    expect(matchSkipRule({ qty: "0" }, numberRule)).not.toBeNull();
    expect(matchSkipRule({ qty: 0 }, numberRule)).not.toBeNull();
  });

  it("no rules, no skips", () => {
    expect(matchSkipRule({ cancelled: true }, undefined)).toBeNull();
  });
});
