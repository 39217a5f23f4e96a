"use server";

import { consoleAction } from "@/lib/console/action";
import { keyInputFromForm } from "@/lib/console/key-form-schema";
import { viewerTimeZone } from "@/lib/console/viewer-time-zone";
import { createApiKey } from "@/lib/domain/keys/create-key";
import { revokeApiKey } from "@/lib/domain/keys/revoke-key";
import type { Scope } from "@/lib/domain/keys/scopes";

export type CreatedKeyView = { id: string; name: string; prefix: string; secret: string; scopes: Scope[]; allowedIps: string[] };

// The organization comes from the submitted form, never trusted: requireAdmin checks that
// the signed-in user is an admin of exactly that organization before anything is written.

/** Creates a key; createApiKey validates (createKeySchema), checks the lock and the 100-key limit. */
export const createKeyAction = consoleAction<CreatedKeyView>(async ({ orgId, form, actor }) => {
  const key = await createApiKey(orgId, keyInputFromForm(form.data, await viewerTimeZone()), actor);
  return {
    message: `Key “${key.name}” created. Copy it now: it will not be shown again.`,
    data: { id: key.id, name: key.name, prefix: key.prefix, secret: key.secret, scopes: key.scopes, allowedIps: key.allowedIps },
  };
});

/** Revokes a key of the organization; revoking a revoked key succeeds and changes nothing. */
export const revokeKeyAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const key = await revokeApiKey(form.text("keyId"), orgId, actor);
  return { message: `Key “${key.name}” is revoked. Requests with it now get 401 revoked_key.`, data: null };
});
