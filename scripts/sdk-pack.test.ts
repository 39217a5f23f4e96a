import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SDK_PACKAGE_NAME, SDK_PACKAGE_VERSION, SDK_TARBALL_FILE } from "@/lib/partner-api/openapi/sdk-package";
import { packSdk } from "./sdk-pack";

// npm run sdk:pack: the tarball the reference links installs with npm into an empty
// project, imports under Node, and type-checks under NodeNext resolution.

const ROOT = path.resolve(import.meta.dirname, "..");
const work = mkdtempSync(path.join(tmpdir(), "sdk-pack-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("npm run sdk:pack", () => {
  it("packs a tarball with name, version, main and types that npm installs, Node imports and TypeScript types", { timeout: 180_000 }, () => {
    const tarball = packSdk(path.join(work, "out"));
    expect(path.basename(tarball)).toBe(SDK_TARBALL_FILE);

    execFileSync("tar", ["-xzf", tarball, "-C", work]);
    const manifest = JSON.parse(readFileSync(path.join(work, "package", "package.json"), "utf8"));
    expect(manifest).toMatchObject({ name: SDK_PACKAGE_NAME, version: SDK_PACKAGE_VERSION, type: "module", main: "dist/index.js", types: "dist/index.d.ts" });
    expect(manifest.private).toBeUndefined();
    expect(readFileSync(path.join(work, "package", "README.md"), "utf8")).toContain("npm install");

    const app = path.join(work, "app");
    execFileSync("mkdir", ["-p", app]);
    writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--offline", "--silent", tarball], { cwd: app });

    const imported = execFileSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { PartnerClient, Paged, PartnerApiError, verifyWebhook } from "${SDK_PACKAGE_NAME}";
         const client = new PartnerClient({ baseUrl: "https://example.com/partner/v1", apiKey: "svc_live_x" });
         console.log([typeof client.attendees.create, typeof client.events.list(), typeof Paged, typeof PartnerApiError, typeof verifyWebhook].join(","));`,
      ],
      { cwd: app, encoding: "utf8" },
    );
    expect(imported.trim()).toBe("function,object,function,function,function");

    // The package's bin: npm links svc-partner, and it runs under Node from the tarball.
    expect(manifest.bin).toEqual({ "svc-partner": "dist/cli.js" });
    const bin = path.join(app, "node_modules", ".bin", "svc-partner");
    expect(execFileSync(bin, ["--help"], { encoding: "utf8" })).toContain("svc-partner listen --forward-to URL");
    const home = path.join(work, "home");
    const secret = execFileSync(bin, ["listen", "--print-secret"], { encoding: "utf8", env: { ...process.env, SVC_PARTNER_HOME: home } }).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    expect(execFileSync(bin, ["listen", "--print-secret"], { encoding: "utf8", env: { ...process.env, SVC_PARTNER_HOME: home } }).trim()).toBe(secret);

    writeFileSync(
      path.join(app, "index.ts"),
      `import { PartnerClient, type CreateAttendeeOptions } from "${SDK_PACKAGE_NAME}";
const client = new PartnerClient({ baseUrl: "https://example.com/partner/v1", apiKey: "svc_live_x" });
const options: CreateAttendeeOptions = { idempotencyKey: "k" };
export async function run(): Promise<string> {
  const attendee = await client.attendees.create("e", { email: "ada@example.com" }, options);
  // @ts-expect-error: the SDK's types reach the consumer (no such field)
  attendee.notAField;
  return attendee.badgeCode;
}
`,
    );
    writeFileSync(
      path.join(app, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", strict: true, noEmit: true, typeRoots: [path.join(ROOT, "node_modules", "@types")], types: ["node"] },
        files: ["index.ts"],
      }),
    );
    execFileSync(process.execPath, [path.join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", app], { cwd: app, encoding: "utf8" });
  });
});
