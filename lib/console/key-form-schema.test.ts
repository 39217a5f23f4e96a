import { describe, expect, it } from "vitest";
import { keyInputFromForm } from "./key-form-schema";

describe("keyInputFromForm", () => {
  it("collects the checked scopes and reads the picked day in the browser's zone", () => {
    const data = new FormData();
    data.append("name", "CRM");
    data.append("scopes", "events:read");
    data.append("scopes", "engagement:read");
    data.append("expiresOn", "2031-05-04");
    data.append("timeZone", "Europe/Amsterdam");
    expect(keyInputFromForm(data)).toEqual({ name: "CRM", scopes: ["events:read", "engagement:read"], expiresAt: "2031-05-04T21:59:59.999Z", allowedIps: "" });
  });

  it("Jun 30 picked in Los Angeles ends at 06:59:59.999 UTC on Jul 1", () => {
    const data = new FormData();
    data.append("expiresOn", "2027-06-30");
    data.append("timeZone", "America/Los_Angeles");
    expect(keyInputFromForm(data).expiresAt).toBe("2027-07-01T06:59:59.999Z");
  });

  it("without the browser's zone (no script) uses the fallback zone, UTC by default; empty is no expiry", () => {
    const data = new FormData();
    data.append("expiresOn", "2031-05-04");
    expect(keyInputFromForm(data).expiresAt).toBe("2031-05-04T23:59:59.999Z");
    expect(keyInputFromForm(data, "Asia/Tokyo").expiresAt).toBe("2031-05-04T14:59:59.999Z");
    expect(keyInputFromForm(new FormData())).toEqual({ name: "", scopes: [], expiresAt: null, allowedIps: "" });
  });

  it("an unknown zone is read as UTC", () => {
    const data = new FormData();
    data.append("expiresOn", "2031-05-04");
    data.append("timeZone", "Mars/Olympus_Mons");
    expect(keyInputFromForm(data).expiresAt).toBe("2031-05-04T23:59:59.999Z");
  });
});
