import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { assertSafeZip, ZipRefused } from "./sheet-zip-guard";

// A guest spreadsheet as records: CSV (delimiter and encoding detected) or .xlsx (the
// first sheet or a named one). The header row names the columns; each later row becomes a
// record keyed by its column's key, with cell values as text, so the data-source mapping
// engine reads it like a partner's JSON record (a mapping path is a column key).
//
// Column keys are the header texts trimmed, with "." replaced by "_" (a mapping path's
// dots separate levels; a column is one level). Row numbers are the spreadsheet's own: the
// header is row 1, the first guest row 2 (for CSV, the line a row ends on).
//
// Formulas are never evaluated: exceljs gives an .xlsx formula cell's cached result (what
// the spreadsheet program last computed and saved), which is the value read; a formula
// without a cached result reads as empty. CSV cells are text as written.

export const MAX_SHEET_BYTES = 10 * 1024 * 1024;
export const MAX_SHEET_ROWS = 50_000;
export const MAX_SHEET_COLUMNS = 200;

export type SheetRow = { row: number; record: Record<string, string> };

export type ReadSheet = {
  format: "csv" | "xlsx";
  /** CSV only: what was detected. */
  delimiter?: "," | ";" | "\t";
  encoding?: "utf-8" | "utf-8-bom" | "windows-1252";
  /** .xlsx: every sheet's name, and the one read. */
  sheetNames: string[];
  sheet: string | null;
  /** Column keys in order (the header texts as keys), and the header texts as written. */
  columns: string[];
  headers: string[];
  rows: SheetRow[];
};

/** A file the import refuses, with the message the organiser sees. Nothing is written. */
export class SheetRefused extends Error {}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export type ReadSheetOptions = { fileName?: string; sheet?: string; maxRows?: number; maxBytes?: number };

export async function readSheet(bytes: Buffer, options: ReadSheetOptions = {}): Promise<ReadSheet> {
  const maxBytes = options.maxBytes ?? MAX_SHEET_BYTES;
  if (bytes.length === 0) throw new SheetRefused("The file is empty.");
  if (bytes.length > maxBytes) throw new SheetRefused(`The file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; the limit is ${Math.round(maxBytes / 1024 / 1024)} MB. Split it into smaller files.`);
  if (bytes.subarray(0, 4).equals(OLE_MAGIC)) throw new SheetRefused("This is an old Excel .xls file: save it as .xlsx or CSV and upload that.");
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return readXlsx(bytes, options);
  if (/\.xlsx$/i.test(options.fileName ?? "")) throw new SheetRefused("The file is named .xlsx but is not an Excel workbook. Save it again from your spreadsheet program, or as CSV.");
  return readCsv(bytes, options);
}

// ───────────── CSV ─────────────

function decode(bytes: Buffer): { text: string; encoding: NonNullable<ReadSheet["encoding"]> } {
  if (bytes.subarray(0, 3).equals(UTF8_BOM)) return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8-bom" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    // Not valid UTF-8: what Excel on Windows writes for "CSV" (its ANSI code page).
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}

/** Text with NUL bytes or many control characters is a binary file, not a CSV. */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 8192);
  if (sample.includes("\u0000")) return true;
  const controls = sample.match(/[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/g)?.length ?? 0;
  return controls > sample.length * 0.01;
}

/** The delimiter that splits the header line most often, outside quotes: comma, semicolon or tab. */
function detectDelimiter(text: string): "," | ";" | "\t" {
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const char of text.slice(0, 64 * 1024)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts]++;
  }
  const best = (Object.entries(counts) as [keyof typeof counts, number][]).sort((a, b) => b[1] - a[1])[0];
  return best[1] > 0 ? best[0] : ",";
}

function readCsv(bytes: Buffer, options: ReadSheetOptions): ReadSheet {
  const { text, encoding } = decode(bytes);
  if (looksBinary(text)) throw new SheetRefused("The file is not a spreadsheet: upload a CSV file or an Excel .xlsx workbook.");
  const delimiter = detectDelimiter(text);
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parseCsv(text, { delimiter, relax_column_count: true, skip_empty_lines: true, info: true, max_record_size: 1024 * 1024 }) as unknown as typeof parsed;
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(/^Invalid .*?: /, "") : "unreadable";
    throw new SheetRefused(`The CSV file cannot be read: ${message}`);
  }
  const [header, ...rest] = parsed;
  const { columns, headers } = headerColumns(header?.record ?? []);
  const maxRows = options.maxRows ?? MAX_SHEET_ROWS;
  if (rest.length > maxRows) throw tooManyRows(maxRows);
  const rows = rest.map(({ record, info }) => ({ row: info.lines, record: toRecord(columns, record) })).filter((row) => Object.keys(row.record).length > 0);
  return { format: "csv", delimiter, encoding, sheetNames: [], sheet: null, columns, headers, rows };
}

// ───────────── .xlsx ─────────────

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
  }
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    // Formulas (plain or shared): the cached result only, never evaluated.
    if ("formula" in value || "sharedFormula" in value) return "result" in value && value.result !== undefined ? cellText(value.result as ExcelJS.CellValue) : "";
    if ("error" in value) return "";
    if ("text" in value) return typeof value.text === "string" ? value.text : cellText(value.text as ExcelJS.CellValue);
  }
  return "";
}

async function readXlsx(bytes: Buffer, options: ReadSheetOptions): Promise<ReadSheet> {
  try {
    assertSafeZip(bytes);
  } catch (error) {
    if (error instanceof ZipRefused) throw new SheetRefused(error.message);
    throw error;
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new SheetRefused("The file is not a readable .xlsx workbook. Save it again from your spreadsheet program, or as CSV.");
  }
  const sheetNames = workbook.worksheets.map((sheet) => sheet.name);
  if (sheetNames.length === 0) throw new SheetRefused("The workbook has no sheets.");
  const sheet = options.sheet ? workbook.worksheets.find((candidate) => candidate.name === options.sheet) : workbook.worksheets[0];
  if (!sheet) throw new SheetRefused(`The workbook has no sheet named "${options.sheet}"; it has ${sheetNames.map((name) => `"${name}"`).join(", ")}.`);
  const maxRows = options.maxRows ?? MAX_SHEET_ROWS;
  if (sheet.actualRowCount - 1 > maxRows) throw tooManyRows(maxRows);

  let header: string[] | null = null;
  const data: { row: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      if (column <= MAX_SHEET_COLUMNS) cells[column - 1] = cellText(cell.value);
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= "";
    if (header === null) {
      // The header is the sheet's first row: rows above it would be guests without names for their columns.
      header = rowNumber === 1 ? cells : [];
      if (rowNumber === 1) return;
    }
    data.push({ row: rowNumber, cells });
  });
  const { columns, headers } = headerColumns(header ?? []);
  const rows = data.map(({ row, cells }) => ({ row, record: toRecord(columns, cells) })).filter((row) => Object.keys(row.record).length > 0);
  return { format: "xlsx", sheetNames, sheet: sheet.name, columns, headers, rows };
}

// ───────────── shared ─────────────

function tooManyRows(max: number): SheetRefused {
  return new SheetRefused(`The file has more than ${max.toLocaleString("en")} guest rows; the limit is ${max.toLocaleString("en")} per file. Split it into smaller files.`);
}

/** Column keys from the header row; refuses a missing header, a column without a name that has data, and two columns of one name. */
function headerColumns(cells: string[]): { columns: string[]; headers: string[] } {
  const headers = cells.slice(0, MAX_SHEET_COLUMNS).map((cell) => cell.trim());
  while (headers.length > 0 && headers[headers.length - 1] === "") headers.pop();
  if (headers.length === 0) throw new SheetRefused("The file has no header row: its first row must name the columns (such as Email, Name, Company).");
  const columns = headers.map((name, index) => (name === "" ? `Column ${index + 1}` : name.replace(/\./g, "_")));
  const seen = new Map<string, number>();
  columns.forEach((key, index) => {
    const lower = key.toLowerCase();
    if (seen.has(lower)) throw new SheetRefused(`Two columns are named "${headers[index]}" (columns ${seen.get(lower)! + 1} and ${index + 1}): rename one so each column has its own name.`);
    seen.set(lower, index);
  });
  return { columns, headers };
}

/** A row as a record: the non-blank cells under their column keys (cells past the last named column are ignored). */
function toRecord(columns: string[], cells: string[]): Record<string, string> {
  const record: Record<string, string> = {};
  columns.forEach((key, index) => {
    const value = cells[index];
    if (value !== undefined && value.trim() !== "") record[key] = value;
  });
  return record;
}
