"use client";

import { useCallback, useRef, useState } from "react";
import { focusPageHeadingIfLost, useDialogAction } from "@/components/forms/use-dialog-action";
import type { FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormStatus } from "@/components/ui/form-status";
import { useToast } from "@/components/ui/toast";

/** Withdraws a pending invitation after confirmation; its link stops working. */
export function RevokeInviteButton({
  orgId,
  inviteId,
  email,
  action,
  disabledReason,
}: {
  orgId: string;
  inviteId: string;
  email: string;
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
        onClick={() => {
          clearFailure();
          setOpen(true);
        }}
        data-testid="revoke-invite"
      >
        Revoke<span className="sr-only"> invitation for {email}</span>
      </Button>
      <Dialog
        open={open}
        onClose={close}
        labelId={`revoke-invite-${inviteId}`}
        returnFocusTo={triggerRef}
        title="Revoke this invitation?"
        description={<>The link made for {email} stops working. You can invite the address again later.</>}
      >
        <form onSubmit={onSubmit}>
          <input type="hidden" name="orgId" value={orgId} />
          <input type="hidden" name="inviteId" value={inviteId} />
          <FormStatus state={failure} hideSuccess className="mb-4" />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" autoFocus onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" pending={pending} pendingLabel="Revoking…">
              Revoke invitation
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
