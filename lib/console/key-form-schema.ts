import type { CreateKeyInput } from "@/lib/domain/keys/key-schema";
import { endOfDayInZone } from "./time-zone";

// Turning the create-key form into createApiKey's input. The form validates it in the
// browser with createKeySchema (lib/domain/keys/key-schema.ts), the same schema createApiKey
// uses on the server.

type KeyFormInput = CreateKeyInput;

/**
 * The raw create-key input from the form: name, the checked scopes, the expiry and the
 * allowed IP ranges (the textarea as typed: createKeySchema splits and checks it). The
 * picked date (`expiresOn`) means the end of that day in the admin's zone: the browser's,
 * sent as `timeZone` by the form, else `fallbackTimeZone` (the console's cookie; UTC).
 */
export function keyInputFromForm(formData: FormData, fallbackTimeZone = "UTC"): KeyFormInput {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const scopes = formData.getAll("scopes").filter((value): value is string => typeof value === "string");
  const expiresOn = text("expiresOn").trim();
  // A malformed date goes on as typed, so createKeySchema answers it with its own message.
  const expiresAt = expiresOn === "" ? null : (endOfDayInZone(expiresOn, text("timeZone") || fallbackTimeZone) ?? expiresOn);
  return {
    name: text("name"),
    scopes: scopes as KeyFormInput["scopes"],
    expiresAt,
    allowedIps: text("allowedIps"),
  };
}
