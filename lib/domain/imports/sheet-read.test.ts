import { crc32, deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { readSheet, SheetRefused } from "./sheet-read";
import { assertSafeZip, MAX_XLSX_INFLATED_BYTES } from "./sheet-zip-guard";

// The file reader on files generated here: CSVs in each delimiter and encoding, .xlsx
// workbooks written by exceljs, and the bad files an organiser (or an attacker) uploads.

async function xlsx(sheets: Record<string, ExcelJS.CellValue[][]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A zip written by hand: each entry deflated, with the uncompressed size it declares (a lie when `declared` is given). */
function zip(entries: { name: string; data: Buffer; declared?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = deflateRawSync(entry.data, { level: 9 });
    const size = entry.declared ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(entry.data), 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

async function refusal(bytes: Buffer, options: Parameters<typeof readSheet>[1] = {}): Promise<string> {
  const error = await readSheet(bytes, options).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(SheetRefused);
  return (error as SheetRefused).message;
}

describe("CSV", () => {
  it.each([
    ["comma, UTF-8", ",", Buffer.from("Email,Name,Company\nada@example.com,Ada Lovelace,Analytical\n"), "utf-8"],
    ["semicolon, UTF-8 with BOM (Excel's CSV UTF-8)", ";", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("Email;Name;Company\r\nada@example.com;Ada Lovelace;Analytical\r\n")]), "utf-8-bom"],
    ["tab", "\t", Buffer.from("Email\tName\tCompany\nada@example.com\tAda Lovelace\tAnalytical\n"), "utf-8"],
  ])("%s", async (_what, delimiter, bytes, encoding) => {
    const sheet = await readSheet(bytes);
    expect(sheet).toMatchObject({ format: "csv", delimiter, encoding, columns: ["Email", "Name", "Company"] });
    expect(sheet.rows).toEqual([{ row: 2, record: { Email: "ada@example.com", Name: "Ada Lovelace", Company: "Analytical" } }]);
  });

  it("Windows-1252 as Excel on Windows saves it, quoted delimiters, blank lines and row numbers", async () => {
    // "Zoë Müller" in Windows-1252: ë = 0xEB, ü = 0xFC; not valid UTF-8.
    const bytes = Buffer.concat([
      Buffer.from("Email;Name;Company\r\n"),
      Buffer.from([...Buffer.from("zoe@example.com;Zo"), 0xeb, ...Buffer.from(" M"), 0xfc, ...Buffer.from('ller;"Smith; Sons"\r\n\r\n')]),
      Buffer.from("x@example.com;;\r\n"),
    ]);
    const sheet = await readSheet(bytes);
    expect(sheet.encoding).toBe("windows-1252");
    expect(sheet.rows).toEqual([
      { row: 2, record: { Email: "zoe@example.com", Name: "Zoë Müller", Company: "Smith; Sons" } },
      { row: 4, record: { Email: "x@example.com" } },
    ]);
  });

  it("header names with dots become keys a mapping path can name", async () => {
    const sheet = await readSheet(Buffer.from("E.mail,Name\na@example.com,A\n"));
    expect(sheet.columns).toEqual(["E_mail", "Name"]);
    expect(sheet.headers).toEqual(["E.mail", "Name"]);
  });
});

describe(".xlsx", () => {
  it("reads the first sheet, or a chosen one; dates as dates, numbers as text", async () => {
    const bytes = await xlsx({
      Guests: [["Email", "Name", "Since"], ["ada@example.com", "Ada", new Date("2026-12-01T00:00:00Z")], ["bob@example.com", 42, null]],
      Speakers: [["E-mail"], ["grace@example.com"]],
    });
    const first = await readSheet(bytes, { fileName: "guests.xlsx" });
    expect(first).toMatchObject({ format: "xlsx", sheetNames: ["Guests", "Speakers"], sheet: "Guests", columns: ["Email", "Name", "Since"] });
    expect(first.rows).toEqual([
      { row: 2, record: { Email: "ada@example.com", Name: "Ada", Since: "2026-12-01" } },
      { row: 3, record: { Email: "bob@example.com", Name: "42" } },
    ]);
    const chosen = await readSheet(bytes, { sheet: "Speakers" });
    expect(chosen.rows).toEqual([{ row: 2, record: { "E-mail": "grace@example.com" } }]);
    expect(await refusal(bytes, { sheet: "Nope" })).toContain('no sheet named "Nope"');
  });

  it("a formula's cached value is read, never evaluated", async () => {
    const bytes = await xlsx({
      Sheet1: [
        ["Email", "Name"],
        // The cached result differs from what evaluating would give: the cached one is read.
        [{ formula: 'LOWER("ADA@EXAMPLE.COM")', result: "cached@example.com" } as ExcelJS.CellValue, { formula: "1+1", result: 7 } as ExcelJS.CellValue],
        ["b@example.com", { formula: 'HYPERLINK("http://evil.example","x")' } as ExcelJS.CellValue],
      ],
    });
    const sheet = await readSheet(bytes);
    expect(sheet.rows).toEqual([
      { row: 2, record: { Email: "cached@example.com", Name: "7" } },
      { row: 3, record: { Email: "b@example.com" } },
    ]);
  });
});

describe("bad files: a clear message", () => {
  it.each([
    ["empty", Buffer.alloc(0), "The file is empty."],
    ["no header (a blank first row of delimiters)", Buffer.from(",,\n"), "no header row"],
    ["binary garbage", Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), "not a spreadsheet"],
    ["a PNG named .csv", Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.alloc(64)]), "not a spreadsheet"],
    ["an old .xls", Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]), "old Excel .xls"],
    ["two columns of one name", Buffer.from("Email,email\na@b.co,c@d.co\n"), 'Two columns are named "email"'],
    ["a damaged zip", Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]), "not a readable .xlsx"],
    ["a zip that is no workbook", zip([{ name: "hello.txt", data: Buffer.from("hi") }]), "The workbook has no sheets."],
  ])("%s", async (_what, bytes, message) => {
    expect(await refusal(bytes)).toContain(message);
  });

  it("text named .xlsx", async () => {
    expect(await refusal(Buffer.from("Email\na@b.co\n"), { fileName: "guests.xlsx" })).toContain("named .xlsx but is not an Excel workbook");
  });

  it("over 10 MB", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, "a");
    expect(await refusal(big)).toContain("the limit is 10 MB");
  });

  it("over 50,000 rows", async () => {
    const lines = ["Email", ...Array.from({ length: 50_001 }, (_, i) => `g${i}@example.com`)].join("\n");
    expect(await refusal(Buffer.from(lines))).toContain("more than 50,000 guest rows");
    const ok = await readSheet(Buffer.from(["Email", ...Array.from({ length: 50_000 }, (_, i) => `g${i}@example.com`)].join("\n")));
    expect(ok.rows).toHaveLength(50_000);
  });

  it("a zip bomb disguised as .xlsx is refused from its directory, before anything inflates it", async () => {
    // 1 GB of zeros deflates to about 1 MB; its honest directory declares the size.
    const chunk = Buffer.alloc(64 * 1024 * 1024);
    const entries = Array.from({ length: 3 }, (_, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: chunk }));
    const bomb = zip(entries);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(3 * chunk.length).toBeGreaterThan(MAX_XLSX_INFLATED_BYTES);
    expect(await refusal(bomb, { fileName: "guests.xlsx" })).toContain("unpack to more than 150 MB");
  });

  it("a zip bomb that lies about its sizes is stopped while inflating, at the declared size", async () => {
    const bomb = zip([{ name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(64 * 1024 * 1024), declared: 1000 }]);
    expect(() => assertSafeZip(bomb)).toThrow(/unpack to more than/);
    expect(await refusal(bomb, { fileName: "guests.xlsx" })).toContain("unpack to more than 150 MB");
  });
});
