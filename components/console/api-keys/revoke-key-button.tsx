"use client";

import { useCallback, useRef, useState } from "react";
import { focusPageHeadingIfLost, useDialogAction } from "@/components/forms/use-dialog-action";
import type { FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormStatus } from "@/components/ui/form-status";
import { useToast } from "@/components/ui/toast";

/**
 * "Revoke" with a confirmation dialog. The dialog's form posts the org and key ids; the
 * server checks both (admin of that org, key of that org). Disabled for members, with the
 * reason in its accessible description.
 */
export function RevokeKeyButton({
  orgId,
  keyId,
  keyName,
  prefix,
  action,
  disabledReason,
}: {
  orgId: string;
  keyId: string;
  keyName: string;
  prefix: string;
  action: FormAction<null>;
  disabledReason: string | null;
}) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const toast = useToast();
  const { pending, failure, onSubmit, clearFailure } = useDialogAction(action, (message) => {
    setOpen(false);
    toast(message);
    focusPageHeadingIfLost();
  });
  const close = useCallback(() => setOpen(false), []);

  return (
    <>
      <Button
        ref={triggerRef}
        variant="danger-secondary"
        size="sm"
        disabled={disabledReason !== null}
        title={disabledReason ?? undefined}
        aria-describedby={disabledReason ? "keys-read-only-reason" : undefined}
        onClick={() => {
          clearFailure();
          setOpen(true);
        }}
        data-testid="revoke-key"
      >
        Revoke<span className="sr-only"> key {keyName}</span>
      </Button>
      <Dialog
        open={open}
        onClose={close}
        labelId={`revoke-${keyId}`}
        returnFocusTo={triggerRef}
        title={`Revoke “${keyName}”?`}
        description={
          <>
            Any system using <code className="font-mono text-xs">{prefix}…</code> gets{" "}
            <code className="font-mono text-xs">401 revoked_key</code> from its next request. Revocation is immediate and
            permanent: the key cannot be restored.
          </>
        }
      >
        <form onSubmit={onSubmit}>
          <input type="hidden" name="orgId" value={orgId} />
          <input type="hidden" name="keyId" value={keyId} />
          <FormStatus state={failure} hideSuccess className="mb-4" />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" autoFocus onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" pending={pending} pendingLabel="Revoking…" data-testid="confirm-revoke">
              Revoke key
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
