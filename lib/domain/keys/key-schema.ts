import { z } from "zod";
import { allowedIpsSchema } from "./allowed-ips";
import { scopeSchema } from "./scopes";

// The create-key input, defined once: the console form validates with it in the browser
// (so this module imports only zod, the scope list and the allowlist parser), and createApiKey on the server.
const LAST_STORABLE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export const createKeySchema = z.object({
  name: z.string().trim().min(1, "Give the key a name.").max(100),
  scopes: z
    .array(scopeSchema)
    .min(1, "Choose at least one scope.")
    .max(4, "A key carries at most four scopes.")
    .refine((scopes) => new Set(scopes).size === scopes.length, "Each scope can be chosen once."),
  expiresAt: z
    .coerce.date()
    .nullish()
    .refine((date) => !date || date.getTime() > Date.now(), "The expiry must be in the future.")
    // PostgreSQL (and ISO 8601 without an expanded year) ends at 9999: 99999-01-01 is no date to store.
    .refine((date) => !date || date.getTime() <= LAST_STORABLE_MS, "The expiry must be on or before 9999-12-31."),
  /** IPv4/IPv6 ranges the key's requests may come from; none = any address. */
  allowedIps: allowedIpsSchema,
});

export type CreateKeyInput = z.input<typeof createKeySchema>;
