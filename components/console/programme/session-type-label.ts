import { SESSION_TYPES, type SessionType } from "@/lib/domain/programme/session-input";

// Readable names of the spec's session types, for the picker and the sessions table.
const LABELS: Record<SessionType, string> = {
  keynote: "Keynote",
  talk: "Talk",
  panel: "Panel",
  fireside: "Fireside chat",
  lightning: "Lightning talk",
  workshop: "Workshop",
  masterclass: "Masterclass",
  training: "Training",
  demo: "Demo",
  roundtable: "Roundtable",
  breakout: "Breakout",
  qa: "Q&A",
  ceremony: "Ceremony",
  announcement: "Announcement",
  exhibition: "Exhibition",
  networking: "Networking",
  reception: "Reception",
  party: "Party",
  meal: "Meal",
  break: "Break",
  other: "Other",
};

export const SESSION_TYPE_OPTIONS = SESSION_TYPES.map((value) => ({ value, label: LABELS[value] }));

/** The label of a stored type; the set grows, so a type this build does not know shows as stored. */
export function sessionTypeLabel(type: string): string {
  return (LABELS as Record<string, string>)[type] ?? type;
}
