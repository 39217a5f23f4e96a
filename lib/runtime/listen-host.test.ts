import { describe, expect, it } from "vitest";
import { listenHost } from "./launch";

describe("listenHost", () => {
  it("npm run dev (which prints the demo password) listens on this machine only unless HOST opens it", () => {
    expect(listenHost("dev", {})).toBe("127.0.0.1");
    expect(listenHost("dev", { HOST: "0.0.0.0" })).toBe("0.0.0.0");
  });

  it("npm start listens on every interface unless HOST narrows it", () => {
    expect(listenHost("start", {})).toBeUndefined();
    expect(listenHost("start", { HOST: "127.0.0.1" })).toBe("127.0.0.1");
  });
});
