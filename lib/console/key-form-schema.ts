import { z } from "zod";
import { scopeSchema } from "@/lib/keys/scopes";

// The create-key form validated in the browser, for inline errors before submitting.
// lib/keys/create-key.ts (createKeySchema) stays the only check that counts: the server
// action passes the raw input to createApiKey, which parses it with createKeySchema. That
// module imports the database and node:crypto, so the browser cannot load it; this module
// imports only zod and the scope list, and key-form-schema.test.ts proves that both
// schemas accept and refuse the same inputs with the same messages.

export const keyFormSchema = z.object({
  name: z.string().trim().min(1, "Give the key a name.").max(100),
  scopes: z
    .array(scopeSchema)
    .min(1, "Choose at least one scope.")
    .max(4, "A key carries at most four scopes.")
    .refine((scopes) => new Set(scopes).size === scopes.length, "Each scope can be chosen once."),
  expiresAt: z
    .coerce.date()
    .nullish()
    .refine((date) => !date || date.getTime() > Date.now(), "The expiry must be in the future."),
});

export type KeyFormInput = z.input<typeof keyFormSchema>;

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
