// Writes a new migration folder with the SQL that takes the last committed schema
// (git HEAD:prisma/schema.prisma, or an empty database) to the working schema.prisma.
// Uses Prisma's own schema engine compiled to wasm, since the native one cannot be
// downloaded here. Usage: npm run db:migration -- <name>
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { ensureDatabaseUrl } from "@/lib/platform/db/embedded";
import { MIGRATIONS_DIR } from "@/lib/platform/db/migrate";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:migration -- <snake_case_name>");
  process.exit(1);
}

const schemaPath = path.join("prisma", "schema.prisma");
const current = fs.readFileSync(schemaPath, "utf8");
const hasMigrations = fs.existsSync(MIGRATIONS_DIR) && fs.readdirSync(MIGRATIONS_DIR).some((f) => /^\d/.test(f));
let previous: string | null = null;
if (hasMigrations) {
  previous = execFileSync("git", ["show", `HEAD:${schemaPath}`], { encoding: "utf8" });
}

const engineDir = path.resolve("node_modules/@prisma/schema-engine-wasm");
const bindings = await import(path.join(engineDir, "schema_engine_bg.js"));
const wasm = await WebAssembly.instantiate(
  await WebAssembly.compile(fs.readFileSync(path.join(engineDir, "schema_engine_bg.wasm"))),
  { "./schema_engine_bg.js": bindings },
);
bindings.__wbg_set_wasm(wasm.exports);
(wasm.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();

const database = await ensureDatabaseUrl();
const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: database.url }));
const engine = await bindings.SchemaEngine.new({ datamodels: [["schema.prisma", current]] }, () => {}, adapter);
const target = (content: string) => ({ tag: "schemaDatamodel", files: [{ path: "schema.prisma", content }] });
const result = await engine.diff({
  from: previous === null ? { tag: "empty" } : target(previous),
  to: target(current),
  script: true,
  exitCode: null,
  filters: { externalTables: [], externalEnums: [] },
});
await database.stop();

let sql: string = result.stdout ?? "";
if (previous === null) {
  // The engine does not emit extensions; citext backs the case-insensitive emails.
  sql = sql.replace('-- CreateSchema\nCREATE SCHEMA IF NOT EXISTS "public";\n\n', "");
  sql = `-- CreateExtension\nCREATE EXTENSION IF NOT EXISTS citext;\n${sql}`;
}
if (!sql.trim() || sql.trim() === "-- This is an empty migration.") {
  console.error("schema.prisma has no changes since HEAD: nothing to write.");
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, "migration.sql"), sql);
fs.writeFileSync(path.join(MIGRATIONS_DIR, "migration_lock.toml"), 'provider = "postgresql"\n');
console.log(`wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
