// The form field types of the spec (new ones may appear; readers treat an unknown one as
// free text). Imports nothing, so the console's form editor can use the list.

export const FORM_FIELD_TYPES = [
  "short_text",
  "long_text",
  "email",
  "phone",
  "number",
  "date",
  "single_select",
  "multi_select",
  "checkbox",
  "rating",
] as const;

export const FORM_FIELD_TYPE_LABELS: Record<(typeof FORM_FIELD_TYPES)[number], string> = {
  short_text: "Short text",
  long_text: "Long text",
  email: "Email",
  phone: "Phone",
  number: "Number",
  date: "Date",
  single_select: "Single choice",
  multi_select: "Multiple choice",
  checkbox: "Checkbox",
  rating: "Rating",
};

/** A field key: lowercase letter first, then lowercase letters, digits or underscores. */
export const FIELD_KEY = /^[a-z][a-z0-9_]{0,62}$/;

export type FormFieldDefinition = { key: string; label: string; type: string; required: boolean };

/** A form's stored fields (JSON, written only through the definition schema) in the order asked. */
export function readFormFields(value: unknown): FormFieldDefinition[] {
  return (Array.isArray(value) ? value : []).flatMap((field: unknown) => {
    if (!field || typeof field !== "object" || Array.isArray(field)) return [];
    const { key, label, type, required } = field as Record<string, unknown>;
    return [{ key: String(key), label: String(label ?? ""), type: String(type), required: Boolean(required) }];
  });
}
