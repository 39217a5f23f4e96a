import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "./run-cli";

// Against a non-development database the CLI refuses to run without the server's
// APP_SECRET, before it connects or writes anything.

describe("operator CLI configuration", () => {
  const saved = { url: process.env.DATABASE_URL, secret: process.env.APP_SECRET };
  afterEach(() => {
    process.env.DATABASE_URL = saved.url;
    if (saved.secret === undefined) delete process.env.APP_SECRET;
    else process.env.APP_SECRET = saved.secret;
  });

  it("refuses a remote DATABASE_URL without APP_SECRET, naming the variable", async () => {
    process.env.DATABASE_URL = "postgresql://ops@db.example.com:5432/app";
    delete process.env.APP_SECRET;
    const out = { stdout: "", stderr: "" };
    const code = await runCli(["org:create", "--name", "Acme"], {
      stdout: (text) => (out.stdout += text),
      stderr: (text) => (out.stderr += text),
    });
    expect(code).toBe(1);
    expect(out.stdout).toBe("");
    const { error } = JSON.parse(out.stderr);
    expect(error.code).toBe("CONFIGURATION");
    expect(error.details.problems).toEqual([expect.stringMatching(/^APP_SECRET is not set/)]);
  });
});
