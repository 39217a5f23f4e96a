import { inflateRawSync } from "node:zlib";

// An .xlsx file is a zip. Before any xlsx library inflates it, this reads the zip's
// central directory and refuses archives whose entries would inflate past a cap (a zip
// bomb: a few kilobytes that grow to gigabytes), then inflates every entry itself with
// zlib's maxOutputLength set to the size the directory declared, so an archive that lies
// about its sizes is caught while inflating, never after. Only then is the file handed to
// exceljs (whose own inflate then meets sizes that are known to be true).

/** Sum of the inflated entries an .xlsx may have. 50,000 rows of guests are ~30 MB of XML. */
export const MAX_XLSX_INFLATED_BYTES = 150 * 1024 * 1024;
export const MAX_XLSX_ENTRIES = 2_000;

export class ZipRefused extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function findEndOfCentralDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === EOCD) return at;
  }
  return -1;
}

/** Throws ZipRefused with a message for the organiser when the archive is unreadable, too big inflated, or lies. */
export function assertSafeZip(bytes: Buffer, limits: { maxInflatedBytes?: number; maxEntries?: number } = {}): void {
  const maxInflated = limits.maxInflatedBytes ?? MAX_XLSX_INFLATED_BYTES;
  const maxEntries = limits.maxEntries ?? MAX_XLSX_ENTRIES;
  const unreadable = "The file is not a readable .xlsx workbook (its zip structure is damaged). Save it again from your spreadsheet program, or as CSV.";
  const tooBig = `The workbook would unpack to more than ${Math.round(maxInflated / 1024 / 1024)} MB; it is refused as unsafe. Save the guest list alone as CSV or .xlsx.`;
  const eocd = bytes.length >= 22 ? findEndOfCentralDirectory(bytes) : -1;
  if (eocd < 0) throw new ZipRefused(unreadable);
  const entries = bytes.readUInt16LE(eocd + 10);
  const directorySize = bytes.readUInt32LE(eocd + 12);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  // ZIP64 markers: no spreadsheet of the allowed size needs them.
  if (entries === 0xffff || directoryOffset === 0xffffffff || directorySize === 0xffffffff) throw new ZipRefused(tooBig);
  if (entries > maxEntries) throw new ZipRefused(tooBig);
  if (directoryOffset + directorySize > eocd) throw new ZipRefused(unreadable);

  let declaredTotal = 0;
  const declared: { method: number; compressed: number; size: number; localOffset: number }[] = [];
  let at = directoryOffset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw new ZipRefused(unreadable);
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    if (size === 0xffffffff || compressed === 0xffffffff) throw new ZipRefused(tooBig);
    declaredTotal += size;
    if (declaredTotal > maxInflated) throw new ZipRefused(tooBig);
    declared.push({ method, compressed, size, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }

  for (const entry of declared) {
    const local = entry.localOffset;
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL) throw new ZipRefused(unreadable);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + entry.compressed);
    if (data.length !== entry.compressed) throw new ZipRefused(unreadable);
    if (entry.method === 0) {
      if (entry.compressed !== entry.size) throw new ZipRefused(unreadable);
      continue;
    }
    if (entry.method !== 8) throw new ZipRefused(unreadable);
    let inflated: Buffer;
    try {
      // One byte of room: an entry that inflates past its declared size fails here.
      inflated = inflateRawSync(data, { maxOutputLength: entry.size + 1 });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ZipRefused(code === "ERR_BUFFER_TOO_LARGE" ? tooBig : unreadable);
    }
    if (inflated.length !== entry.size) throw new ZipRefused(inflated.length > entry.size ? tooBig : unreadable);
  }
}
