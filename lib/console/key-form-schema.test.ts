import { describe, expect, it } from "vitest";
import { endOfLocalDay, keyInputFromForm } from "./key-form-schema";

describe("keyInputFromForm", () => {
  it("collects the checked scopes and prefers the browser's expiry instant", () => {
    const data = new FormData();
    data.append("name", "CRM");
    data.append("scopes", "events:read");
    data.append("scopes", "engagement:read");
    data.append("expiresOn", "2031-05-04");
    data.append("expiresAt", "2031-05-04T21:59:59.999Z");
    expect(keyInputFromForm(data)).toEqual({ name: "CRM", scopes: ["events:read", "engagement:read"], expiresAt: "2031-05-04T21:59:59.999Z" });
  });

  it("reads the date alone as the end of that day in UTC (no script), and empty as no expiry", () => {
    const data = new FormData();
    data.append("expiresOn", "2031-05-04");
    expect(keyInputFromForm(data).expiresAt).toBe("2031-05-04T23:59:59.999Z");
    expect(keyInputFromForm(new FormData())).toEqual({ name: "", scopes: [], expiresAt: null });
  });

  it("endOfLocalDay is the last millisecond of the day in the local zone", () => {
    const end = new Date(endOfLocalDay("2031-05-04")!);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes(), end.getMilliseconds()]).toEqual([2031, 4, 4, 23, 59, 999]);
    expect(endOfLocalDay("04/05/2031")).toBeNull();
  });
});
