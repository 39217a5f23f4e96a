import type { FormFieldDefinition } from "@/lib/domain/engagement/form-field-types";

// One submission's answers read against its form's fields, in the form's order: what the
// console shows (label: value) and what an export writes (a column per field). A field
// left unanswered is null; a stored value of an unexpected shape (a type this build does
// not know yet) is shown as its JSON text rather than dropped.

export type AnswerValue =
  | { type: "text"; text: string }
  | { type: "choices"; items: string[] }
  | { type: "yes_no"; value: boolean }
  | { type: "number"; value: number }
  | { type: "date"; value: string };

export type Answer = { key: string; label: string; value: AnswerValue | null };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function answerValue(type: string, value: unknown): AnswerValue | null {
  if (value === null || value === undefined || value === "") return null;
  if (type === "multi_select" && Array.isArray(value)) return value.length ? { type: "choices", items: value.map(String) } : null;
  if (type === "checkbox" && typeof value === "boolean") return { type: "yes_no", value };
  if ((type === "number" || type === "rating") && typeof value === "number") return { type: "number", value };
  if (type === "date" && typeof value === "string" && DATE.test(value)) return { type: "date", value };
  return { type: "text", text: typeof value === "string" ? value : JSON.stringify(value) };
}

export function readAnswers(fields: FormFieldDefinition[], answers: unknown): Answer[] {
  const given = answers && typeof answers === "object" && !Array.isArray(answers) ? (answers as Record<string, unknown>) : {};
  return fields.map((field) => ({ key: field.key, label: field.label || field.key, value: answerValue(field.type, given[field.key]) }));
}

/** The value as one line of text: choices joined with "; ", a checkbox as yes/no. */
export function answerText(value: AnswerValue | null): string {
  if (!value) return "";
  switch (value.type) {
    case "text": return value.text;
    case "choices": return value.items.join("; ");
    case "yes_no": return value.value ? "yes" : "no";
    case "number": return String(value.value);
    case "date": return value.value;
  }
}
