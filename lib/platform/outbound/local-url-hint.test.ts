import { describe, expect, it } from "vitest";
import { TUNNEL_HINT, localUrlHint } from "./local-url-hint";

describe("localUrlHint", () => {
  it.each([
    "http://localhost:3000/hooks",
    "https://localhost/hooks",
    "https://app.localhost/hooks",
    "https://my-laptop.local/hooks",
    "https://127.0.0.1:8443/hooks",
    "https://[::1]/hooks",
    "https://192.168.1.20/hooks",
    "https://10.0.0.5/hooks",
  ])("suggests a tunnel for %s", (url) => {
    expect(localUrlHint(url)).toBe(TUNNEL_HINT);
  });

  it.each(["https://hooks.example.com/in", "https://93.184.216.34/hooks", "https://100.64.0.1/hooks", "https://169.254.169.254/latest", "not a url"])("says nothing for %s", (url) => {
    expect(localUrlHint(url)).toBeNull();
  });
});
