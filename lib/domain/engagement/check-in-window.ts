// How long after a check-in the door can take it back (a guest checked in by mistake).
// Kept apart from undo-check-in.ts so client components can read it without server code.
export const CHECK_IN_UNDO_WINDOW_MS = 10 * 60_000;

export function canUndoCheckIn(checkedInAt: Date | null, now: Date = new Date()): boolean {
  return checkedInAt !== null && now.getTime() - checkedInAt.getTime() <= CHECK_IN_UNDO_WINDOW_MS;
}
