"use client";

import { useRouter } from "next/navigation";
import { useCallback, useRef, useState } from "react";
import { focusPageHeadingIfLost, useDialogAction } from "@/components/forms/use-dialog-action";
import type { FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormStatus } from "@/components/ui/form-status";
import { useToast } from "@/components/ui/toast";

/** "Delete" with a confirmation; afterwards the list of data sources. */
export function DeleteSource({
  orgId,
  dataSourceId,
  name,
  action,
  disabledReason,
}: {
  orgId: string;
  dataSourceId: string;
  name: string;
  action: FormAction<null>;
  disabledReason: string | null;
}) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const router = useRouter();
  const toast = useToast();
  const close = useCallback(() => setOpen(false), []);
  const { pending, failure, onSubmit, clearFailure } = useDialogAction(action, (message) => {
    setOpen(false);
    toast(message);
    router.push(`/console/${orgId}/data-sources`);
    focusPageHeadingIfLost();
  });
  return (
    <>
      <Button
        ref={triggerRef}
        variant="danger-secondary"
        disabled={disabledReason !== null}
        title={disabledReason ?? undefined}
        aria-describedby={disabledReason ? "source-read-only-reason" : undefined}
        onClick={() => {
          clearFailure();
          setOpen(true);
        }}
        data-testid="delete-data-source"
      >
        Delete data source
      </Button>
      <Dialog
        open={open}
        onClose={close}
        labelId="delete-data-source"
        returnFocusTo={triggerRef}
        title={`Delete “${name}”?`}
        description="The configuration, its saved header values and its run history are deleted. The attendees or sessions it imported stay: imports never delete. This cannot be undone."
      >
        <form onSubmit={onSubmit}>
          <input type="hidden" name="orgId" value={orgId} />
          <input type="hidden" name="dataSourceId" value={dataSourceId} />
          <FormStatus state={failure} hideSuccess className="mb-4" />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" autoFocus onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" pending={pending} pendingLabel="Deleting…" data-testid="confirm-delete-data-source">
              Delete data source
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
