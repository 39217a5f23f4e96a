import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { neutralizeFormula, wallClock, type Cell } from "./cells";
import type { ExportSource } from "./sources";

// The .xlsx writer: exceljs's streaming WorkbookWriter, which zips each row as it is
// committed, so the workbook is never built in memory. Rows are written a page at a time;
// between pages the writer waits while the reader is behind (the PassThrough above its
// high-water mark), so a slow download holds the reading back instead of buffering the list.

const MOMENT_FORMAT = "yyyy-mm-dd hh:mm:ss";
const DATE_FORMAT = "yyyy-mm-dd";
const HIGH_WATER_MARK = 1 << 20;

// XML 1.0 cannot carry these; a spreadsheet would refuse the whole file over one.
const XML_ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** XML reads a bare CR as a line feed anyway; Excel's in-cell line break is LF. */
function xlsxText(text: string): string {
  return text.replace(XML_ILLEGAL, "").replace(/\r\n?/g, "\n");
}

type XlsxValue = string | number | Date | null;

function xlsxValue(cell: Cell): { value: XlsxValue; numFmt?: string } {
  if (cell === null || typeof cell === "number") return { value: cell };
  // Text that a spreadsheet would read as a formula once the cell is edited gets the same
  // quote as in CSV (OWASP): the file then means the same thing in both formats.
  if (typeof cell === "string") return { value: xlsxText(neutralizeFormula(cell)) };
  // Spreadsheet date-times have no zone: exceljs writes a Date's UTC wall clock, so a UTC
  // moment is written as it is and a venue time as its wall clock there (the header names it).
  if (cell.kind === "moment") return { value: cell.at, numFmt: MOMENT_FORMAT };
  if (cell.kind === "venue") {
    const [y, mo, d, h, mi, s] = wallClock(cell.at, cell.timeZone);
    return { value: new Date(Date.UTC(y, mo - 1, d, h, mi, s)), numFmt: MOMENT_FORMAT };
  }
  const [y, m, d] = cell.value.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return Number.isNaN(date.getTime()) ? { value: xlsxText(neutralizeFormula(cell.value)) } : { value: date, numFmt: DATE_FORMAT };
}

function readerCaughtUp(output: PassThrough): Promise<void> {
  if (!output.writableNeedDrain || output.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    output.once("drain", resolve);
    output.once("close", resolve);
  });
}

/** Streams `source` as an .xlsx file; calls `onRows` with the count of each page written. */
export function xlsxStream(source: ExportSource, onRows: (count: number) => void): { output: PassThrough; done: Promise<void> } {
  const output = new PassThrough({ highWaterMark: HIGH_WATER_MARK });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(source.sheetName, { views: [{ state: "frozen", ySplit: source.headers.length }] });
  sheet.columns = source.widths.map((width) => ({ width }));
  const done = (async () => {
    for (const header of source.headers) {
      const row = sheet.addRow(header.map((text) => xlsxText(neutralizeFormula(text))));
      row.font = { bold: true };
      row.commit();
    }
    for await (const page of source.pages()) {
      for (const cells of page) {
        const values = cells.map(xlsxValue);
        const row = sheet.addRow(values.map((value) => value.value));
        values.forEach((value, index) => {
          if (value.numFmt) row.getCell(index + 1).numFmt = value.numFmt;
        });
        row.commit();
      }
      onRows(page.length);
      await readerCaughtUp(output);
      if (output.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  })();
  done.catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return { output, done };
}
