// Console forms post list-shaped input (an info section's detail rows, a form's fields)
// as one JSON text field written by the editor. Anything unreadable is passed on as the
// text itself, so the operation's schema refuses it with a field error rather than the
// action failing.

export function jsonField(formData: FormData, name: string): unknown {
  const value = formData.get(name);
  if (typeof value !== "string" || value === "") return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
