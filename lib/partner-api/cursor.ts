import { createHmac, timingSafeEqual } from "node:crypto";
import { derivedKey } from "@/lib/platform/crypto/server-secret";
import { AppError } from "@/lib/platform/errors/app-error";

// Opaque keyset cursors: the last row's sort values, signed with a server key. The
// signature also covers the collection's scope (collection, event, filters), so a cursor
// that we did not issue, was edited, or belongs to another list is refused.

const SIGNATURE_BYTES = 16;

export type CursorPosition = (string | number)[];

function sign(scope: string, payload: string): Buffer {
  return createHmac("sha256", derivedKey("cursor-signing"))
    .update(`${scope}\n${payload}`)
    .digest()
    .subarray(0, SIGNATURE_BYTES);
}

export function encodeCursor(scope: string, position: CursorPosition): string {
  const payload = Buffer.from(JSON.stringify(position)).toString("base64url");
  return `${payload}.${sign(scope, payload).toString("base64url")}`;
}

export function invalidCursor(): AppError {
  return new AppError("INVALID_CURSOR", "The cursor was not issued for this list. Start again without a cursor.", {
    reason: "invalid_cursor",
  });
}

export function decodeCursor(scope: string, cursor: string, arity: number): CursorPosition {
  verifyCursor(scope, cursor);
  return readCursorPosition(cursor, arity);
}

/** `payload.signature`, or INVALID_CURSOR. */
function cursorParts(cursor: string): { payload: string; signature: string } {
  const [payload, signature, extra] = cursor.split(".");
  if (!payload || !signature || extra !== undefined) throw invalidCursor();
  return { payload, signature };
}

/** INVALID_CURSOR unless the cursor is one we issued for the list `scope` names. */
export function verifyCursor(scope: string, cursor: string): void {
  const { payload, signature } = cursorParts(cursor);
  const presented = Buffer.from(signature, "base64url");
  const expected = sign(scope, payload);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) throw invalidCursor();
}

/**
 * The position a cursor carries, WITHOUT checking its signature: for a list whose scope
 * is known only after the statement that reads the page (the events list is bound to the
 * key's organization), which calls verifyCursor before anything of the page is used.
 */
export function readCursorPosition(cursor: string, arity: number): CursorPosition {
  const { payload } = cursorParts(cursor);
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(position) || position.length !== arity) throw invalidCursor();
  return position as CursorPosition;
}
