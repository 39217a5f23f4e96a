import { AppError } from "@/lib/platform/errors/app-error";
import { hasControlCharacters } from "@/lib/platform/text/control-characters";

const MESSAGE = "Remove the control characters (such as NUL) from this field.";

/**
 * Every text value of a submitted console form, checked in one place before any action
 * body runs: a control character (C0 but tab and line breaks, DEL, C1) in any field is a
 * refusal naming that field. Fields that carry JSON (an editor's list, a data source's
 * whole form as `payload`) are checked inside too, where JSON escapes (`\u0000`) hide them:
 * the field named is the path inside, after the field's own name (`details.0.value`), the
 * `payload` field being the form itself (`name`, `url`).
 */
export function refuseControlCharacters(formData: FormData): void {
  for (const [name, value] of formData.entries()) {
    if (typeof value !== "string") continue;
    if (hasControlCharacters(value, { multiline: true })) throw fault(name);
    const inside = value.length > 1 && /^\s*[[{]/.test(value) ? pathWithControl(parseJson(value)) : null;
    if (inside) throw fault((name === "payload" ? inside : [name, ...inside]).join(".") || name);
  }
}

function fault(field: string): AppError {
  return new AppError("INVALID_INPUT", MESSAGE, { reason: "control_characters", fields: { [field]: { message: MESSAGE } } });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The path to the first string (value or key) holding a control character, or null. */
function pathWithControl(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === "string") return hasControlCharacters(value, { multiline: true }) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = pathWithControl(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacters(key)) return [...path, key];
      const found = pathWithControl(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
