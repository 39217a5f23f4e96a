import { OPERATOR } from "@/lib/domain/audit/record";
import { readFileSync, statSync } from "node:fs";
import { basename } from "node:path";
import { z } from "zod";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { createDataSource, listDataSources, updateDataSource } from "@/lib/domain/imports/data-sources";
import { runImport } from "@/lib/domain/imports/run-import";
import { previewSheetImport, runSheetImport } from "@/lib/domain/imports/sheet-import";
import { MAX_SHEET_BYTES } from "@/lib/domain/imports/sheet-read";
import { sourceConfigFileSchema, type SourceConfigFile } from "@/lib/domain/imports/source-config";
import { getOrganizationOrThrow } from "@/lib/domain/orgs/organizations";
import { getDb } from "@/lib/platform/db/client";
import { command } from "../command";

// Data-source imports from the command line, for operators and scripts. The mapping is a
// JSON file in the format of lib/domain/imports/mapping.ts. Request headers come from a JSON
// file too (`{ "Authorization": "Bearer ..." }`), never from a flag: a secret on the
// command line ends up in shell history and `ps`. No command prints a header value.

function readJsonFile(flag: string, path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new AppError("INVALID_INPUT", `Could not read the --${flag} file ${path} (${code}).`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError("INVALID_INPUT", `The --${flag} file ${path} is not valid JSON (${error instanceof Error ? error.message : "parse error"}).`);
  }
}

/** A spreadsheet's bytes; a file past the limit is refused before it is read whole. */
function readSheetFile(path: string): Buffer {
  try {
    const stats = statSync(path);
    if (stats.size > MAX_SHEET_BYTES) {
      throw new AppError("INVALID_INPUT", `The --file ${path} is ${(stats.size / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_SHEET_BYTES / 1024 / 1024} MB. Split it into smaller files.`);
    }
    return readFileSync(path);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new AppError("INVALID_INPUT", `Could not read the --file ${path} (${code}).`);
  }
}

/** A headers file: `{ "Name": "value" }`, or the console's rows `[{ "name", "value" }]`. */
function readHeadersFile(path: string): unknown {
  const json = readJsonFile("headers-file", path);
  if (json !== null && typeof json === "object" && !Array.isArray(json)) {
    return Object.entries(json).map(([name, value]) => ({ name, value }));
  }
  return json;
}

/**
 * A --config file: recordsPath, pagination, auth, incremental (docs/imports.md, "Data-source
 * configuration"). It may hold secrets, which is why it is a file and not flags.
 */
function readConfigFile(path: string): SourceConfigFile {
  const parsed = sourceConfigFileSchema.safeParse(readJsonFile("config", path));
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
}

function defaultName(url: string): string {
  try {
    return `Import from ${new URL(url).host}`;
  } catch {
    return "Import";
  }
}

const optionalText = z.string().optional();

export const importCommands = {
  "import:create": command({
    summary:
      "--org ID --event ID --target attendees|sessions --url U --mapping FILE.json [--schedule manual|hourly|daily] [--name N] [--records-path P] [--next-page-path P] [--headers-file FILE.json] [--config FILE.json]",
    flags: z.strictObject({
      org: z.string(),
      event: z.string(),
      target: z.string(),
      url: z.string(),
      mapping: z.string(),
      schedule: optionalText,
      name: optionalText,
      "records-path": optionalText,
      "next-page-path": optionalText,
      "headers-file": optionalText,
      config: optionalText,
    }),
    run: async (flags) => {
      const dataSource = await createDataSource(flags.org, {
        name: flags.name ?? defaultName(flags.url),
        eventId: flags.event,
        target: flags.target,
        url: flags.url,
        mapping: readJsonFile("mapping", flags.mapping),
        ...(flags.schedule !== undefined ? { schedule: flags.schedule } : {}),
        ...(flags["records-path"] !== undefined ? { recordsPath: flags["records-path"] } : {}),
        ...(flags["next-page-path"] !== undefined ? { nextPagePath: flags["next-page-path"] } : {}),
        ...(flags["headers-file"] !== undefined ? { headers: readHeadersFile(flags["headers-file"]) } : {}),
        ...(flags.config !== undefined ? readConfigFile(flags.config) : {}),
      }, OPERATOR);
      return { dataSource };
    },
  }),
  "import:update": command({
    summary:
      "--org ID --source ID [--mapping FILE.json] [--url U] [--schedule S] [--name N] [--records-path P] [--next-page-path P|none] [--headers-file FILE.json] [--config FILE.json]",
    flags: z.strictObject({
      org: z.string(),
      source: z.string(),
      mapping: optionalText,
      url: optionalText,
      schedule: optionalText,
      name: optionalText,
      "records-path": optionalText,
      "next-page-path": optionalText,
      "headers-file": optionalText,
      config: optionalText,
    }),
    run: async (flags) => {
      const dataSource = await updateDataSource(flags.org, flags.source, {
        ...(flags.mapping !== undefined ? { mapping: readJsonFile("mapping", flags.mapping) } : {}),
        ...(flags.url !== undefined ? { url: flags.url } : {}),
        ...(flags.schedule !== undefined ? { schedule: flags.schedule } : {}),
        ...(flags.name !== undefined ? { name: flags.name } : {}),
        ...(flags["records-path"] !== undefined ? { recordsPath: flags["records-path"] } : {}),
        // The parser has no empty values: "none" turns paging off.
        ...(flags["next-page-path"] !== undefined ? { nextPagePath: flags["next-page-path"] === "none" ? null : flags["next-page-path"] } : {}),
        // A headers file replaces the whole set (every value is in the file).
        ...(flags["headers-file"] !== undefined ? { headers: readHeadersFile(flags["headers-file"]) } : {}),
        ...(flags.config !== undefined ? readConfigFile(flags.config) : {}),
      }, OPERATOR);
      return { dataSource };
    },
  }),
  "import:run": command({
    summary: "--source ID [--org ID] (runs now, in this process; prints the run record)",
    flags: z.strictObject({ source: z.string(), org: optionalText }),
    run: async (flags) => ({ run: await runImport(flags.source, { trigger: "manual", orgId: flags.org }) }),
  }),
  "import:file": command({
    summary:
      "--event ID --file F.csv|.xlsx --mapping M.json [--sheet NAME] [--dry-run] (guests from a spreadsheet; --dry-run previews: counts and refused rows, nothing written)",
    flags: z.strictObject({ event: z.string(), file: z.string(), mapping: z.string(), sheet: optionalText, "dry-run": z.literal("true").optional() }),
    run: async (flags) => {
      const event = await getDb().event.findFirst({ where: { id: z.uuid().safeParse(flags.event).success ? flags.event : undefined }, select: { orgId: true } });
      if (!event) throw new AppError("NOT_FOUND", "No such event.");
      const bytes = readSheetFile(flags.file);
      const mapping = readJsonFile("mapping", flags.mapping);
      const options = { fileName: basename(flags.file), sheet: flags.sheet };
      const result = flags["dry-run"]
        ? await previewSheetImport(event.orgId, flags.event, bytes, mapping, options)
        : await runSheetImport(event.orgId, flags.event, bytes, mapping, options);
      return { dryRun: Boolean(flags["dry-run"]), import: result };
    },
  }),
  "import:list": command({
    summary: "--org ID [--event ID] (header names only, never values)",
    flags: z.strictObject({ org: z.string(), event: optionalText }),
    run: async (flags) => {
      await getOrganizationOrThrow(flags.org);
      return { dataSources: await listDataSources(flags.org, { eventId: flags.event }) };
    },
  }),
};
