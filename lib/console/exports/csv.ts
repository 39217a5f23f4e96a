import { cellText, type Cell } from "./cells";

// RFC 4180: fields separated by commas, records by CRLF, a field with a comma, quote, CR or
// LF enclosed in double quotes with its quotes doubled. Every field is quoted when it holds
// one of those; UTF-8 with a byte-order mark so Excel on Windows reads accents right.

export const CSV_BOM = "\uFEFF";

const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRecord(cells: readonly Cell[]): string {
  return `${cells.map((cell) => csvField(cellText(cell))).join(",")}\r\n`;
}
