"use server";

import { revalidatePath } from "next/cache";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import { requireAdmin } from "@/lib/console/guard";
import { keyInputFromForm } from "@/lib/console/key-form-schema";
import { formText, runAction } from "@/lib/console/run-action";
import { viewerTimeZone } from "@/lib/console/viewer-time-zone";
import { createApiKey } from "@/lib/domain/keys/create-key";
import { revokeApiKey } from "@/lib/domain/keys/revoke-key";
import type { Scope } from "@/lib/domain/keys/scopes";

export type CreatedKeyView = { id: string; name: string; prefix: string; secret: string; scopes: Scope[] };

// The organization comes from the submitted form, never trusted: requireAdmin checks that
// the signed-in user is an admin of exactly that organization before anything is written.

/** Creates a key; createApiKey validates (createKeySchema), checks the lock and the 100-key limit. */
export async function createKeyAction(_previous: ActionState<CreatedKeyView>, formData: FormData): Promise<ActionResult<CreatedKeyView>> {
  return runAction(async () => {
    const orgId = formText(formData, "orgId") ?? "";
    const { user } = await requireAdmin(orgId);
    const key = await createApiKey(orgId, keyInputFromForm(formData, await viewerTimeZone()), user.id);
    revalidatePath(`/console/${orgId}`, "layout");
    return {
      message: `Key “${key.name}” created. Copy it now: it will not be shown again.`,
      data: { id: key.id, name: key.name, prefix: key.prefix, secret: key.secret, scopes: key.scopes },
    };
  });
}

/** Revokes a key of the organization; revoking a revoked key succeeds and changes nothing. */
export async function revokeKeyAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = formText(formData, "orgId") ?? "";
    await requireAdmin(orgId);
    const key = await revokeApiKey(formText(formData, "keyId") ?? "", orgId);
    revalidatePath(`/console/${orgId}`, "layout");
    return { message: `Key “${key.name}” is revoked. Requests with it now get 401 revoked_key.`, data: null };
  });
}
