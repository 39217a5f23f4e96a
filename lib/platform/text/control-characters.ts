// Text typed or sent to us (attendee and programme fields, names, import records) may not
// carry control characters: NUL cannot be stored in PostgreSQL text at all, and the others
// are invisible, break lines where none was meant, or confuse terminals and CSV readers.
// Multi-line text (descriptions, comments) keeps tab, line feed and carriage return.

const SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** A zod refinement (spread into `.refine(...)`) that refuses control characters, naming the field. */
export function refuseControlCharacters(label: string, { multiline = false }: { multiline?: boolean } = {}) {
  const pattern = multiline ? MULTI_LINE : SINGLE_LINE;
  return [(value: string) => !pattern.test(value), { message: `${label} must not contain control characters.` }] as const;
}

export function hasControlCharacters(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return (multiline ? MULTI_LINE : SINGLE_LINE).test(value);
}

/** A search box's text without control characters (a search refuses nothing: it finds what is left). */
export function searchText(value: string | undefined): string {
  return (value ?? "").replace(ANY_CONTROL, "").trim();
}

/**
 * Text a client sent that we keep for display only (a User-Agent in the request log): its
 * control characters — C0, DEL, C1 (a header's obs-text bytes arrive as U+0080–U+00FF) and
 * the Unicode line separators — are dropped, so no escape sequence or forged line reaches
 * a screen, a terminal or a CSV export.
 */
export function printableText(value: string): string {
  return value.replace(ANY_CONTROL, "");
}
