import type { AuthenticatedKey } from "../authenticate";
import type { Me } from "@/lib/domain/resources/resources";

export function describeKey(key: AuthenticatedKey): Me {
  return {
    org: { id: key.org.id, name: key.org.name },
    key: {
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      scopes: key.scopes,
      expiresAt: key.expiresAt ? key.expiresAt.toISOString() : null,
      allowedIps: key.allowedIps,
    },
  };
}
