import type { CreateKeyInput } from "@/lib/keys/key-schema";

// Turning the create-key form into createApiKey's input. The form validates it in the
// browser with createKeySchema (lib/keys/key-schema.ts), the same schema createApiKey
// uses on the server.

type KeyFormInput = CreateKeyInput;

/**
 * The expiry a date picker value means: the end of that day in the browser's time zone,
 * as an instant. Empty means the key never expires.
 */
export function endOfLocalDay(dateValue: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateValue)) return null;
  const [year, month, day] = dateValue.split("-").map(Number);
  return new Date(year, month - 1, day, 23, 59, 59, 999).toISOString();
}

/**
 * The raw create-key input from the form: name, the checked scopes and the expiry. The
 * browser sends `expiresAt` (end of the picked day in the user's zone); without script the
 * date field alone arrives and means the end of that day in UTC.
 */
export function keyInputFromForm(formData: FormData): KeyFormInput {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const scopes = formData.getAll("scopes").filter((value): value is string => typeof value === "string");
  const expiresAt = text("expiresAt") || (text("expiresOn") ? `${text("expiresOn")}T23:59:59.999Z` : "");
  return {
    name: text("name"),
    scopes: scopes as KeyFormInput["scopes"],
    expiresAt: expiresAt === "" ? null : expiresAt,
  };
}
