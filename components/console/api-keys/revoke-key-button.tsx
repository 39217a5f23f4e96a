"use client";

import { focusPageHeadingIfLost } from "@/components/forms/use-dialog-action";
import type { FormAction } from "@/components/forms/use-form-action";
import { useToast } from "@/components/ui/toast";
import { ConfirmActionButton } from "../confirm-action-button";

/**
 * "Revoke" with a confirmation dialog. The dialog's form posts the org and key ids; the
 * server checks both (admin of that org, key of that org).
 */
export function RevokeKeyButton({
  orgId,
  keyId,
  keyName,
  prefix,
  action,
}: {
  orgId: string;
  keyId: string;
  keyName: string;
  prefix: string;
  action: FormAction<null>;
}) {
  const toast = useToast();
  return (
    <ConfirmActionButton
      fields={{ orgId, keyId }}
      action={action as FormAction<unknown>}
      trigger={
        <>
          Revoke<span className="sr-only"> key {keyName}</span>
        </>
      }
      title={`Revoke “${keyName}”?`}
      description={
        <>
          Any system using <code className="font-mono text-xs">{prefix}…</code> gets{" "}
          <code className="font-mono text-xs">401 revoked_key</code> from its next request. Revocation is immediate and
          permanent: the key cannot be restored.
        </>
      }
      confirmLabel="Revoke key"
      pendingLabel="Revoking…"
      size="sm"
      disabledReason={null}
      onSuccess={(message) => {
        toast(message);
        focusPageHeadingIfLost();
      }}
      testId="revoke-key"
      confirmTestId="confirm-revoke"
    />
  );
}
