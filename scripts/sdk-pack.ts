import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SDK_PUBLIC_DIR, SDK_TARBALL_FILE } from "@/lib/partner-api/openapi/sdk-package";

// npm run sdk:pack: builds the typed SDK (lib/partner-sdk) to ES modules with .d.ts files
// and packs it with `npm pack` into public/sdk/, where the app serves it and the reference
// links it (`npm install https://<host>/sdk/<file>.tgz`). Run by `npm run build`, so a
// fresh clone or a Vercel build produces it; nothing generated is committed.
// The sources import without extensions (the repository resolves like a bundler); Node
// needs ".js" on relative ESM imports, so a staging copy gets them before tsc compiles it.

const ROOT = path.resolve(import.meta.dirname, "..");
const SDK_DIR = path.join(ROOT, "lib", "partner-sdk");

function withJsExtensions(source: string): string {
  return source.replace(/(from\s+["'])(\.\.?\/[^"']+?)(["'])/g, (whole, start: string, specifier: string, end: string) =>
    /\.(js|json)$/.test(specifier) ? whole : `${start}${specifier}.js${end}`,
  );
}

/** Builds and packs the SDK into `destination`; returns the tarball's path. */
export function packSdk(destination = path.join(ROOT, "public", SDK_PUBLIC_DIR)): string {
  const staging = mkdtempSync(path.join(tmpdir(), "partner-sdk-"));
  try {
    mkdirSync(path.join(staging, "src"));
    for (const file of readdirSync(path.join(SDK_DIR, "src"))) {
      if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
      writeFileSync(path.join(staging, "src", file), withJsExtensions(readFileSync(path.join(SDK_DIR, "src", file), "utf8")));
    }
    writeFileSync(
      path.join(staging, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          lib: ["ES2022", "DOM"],
          module: "NodeNext",
          moduleResolution: "NodeNext",
          declaration: true,
          strict: true,
          skipLibCheck: true,
          rootDir: "src",
          outDir: "dist",
          // The staging folder has no node_modules: Node's types come from the repository's.
          typeRoots: [path.join(ROOT, "node_modules", "@types")],
          types: ["node"],
        },
        include: ["src"],
      }),
    );
    const source = JSON.parse(readFileSync(path.join(SDK_DIR, "package.json"), "utf8")) as Record<string, unknown>;
    const manifest = {
      name: source.name,
      version: source.version,
      description: source.description,
      license: "SEE LICENSE IN README.md",
      type: "module",
      main: "dist/index.js",
      types: "dist/index.d.ts",
      exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } },
      // The svc-partner command (listen, trigger); npm links it into node_modules/.bin.
      bin: { "svc-partner": "dist/cli.js" },
      files: ["dist", "README.md"],
      // Only the command has effects; importing the library runs nothing.
      sideEffects: ["./dist/cli.js"],
      engines: source.engines,
    };
    writeFileSync(path.join(staging, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    copyFileSync(path.join(SDK_DIR, "README.md"), path.join(staging, "README.md"));
    execFileSync(process.execPath, [path.join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", staging], { stdio: "inherit" });

    mkdirSync(destination, { recursive: true });
    for (const old of readdirSync(destination)) if (old.endsWith(".tgz")) rmSync(path.join(destination, old));
    execFileSync("npm", ["pack", "--silent", "--pack-destination", destination], { cwd: staging, stdio: ["ignore", "ignore", "inherit"] });
    const tarball = path.join(destination, SDK_TARBALL_FILE);
    if (!readdirSync(destination).includes(SDK_TARBALL_FILE)) throw new Error(`npm pack did not write ${SDK_TARBALL_FILE} into ${destination}.`);
    return tarball;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const tarball = packSdk();
  process.stdout.write(`wrote ${path.relative(ROOT, tarball)}\n`);
}
