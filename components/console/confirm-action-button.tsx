"use client";

import { useCallback, useRef, useState } from "react";
import { useDialogAction } from "@/components/forms/use-dialog-action";
import type { FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormStatus } from "@/components/ui/form-status";

/**
 * A button that opens a confirmation dialog whose form posts `fields` to a server action
 * (which re-checks everything). Disabled, with the reason, for members and locked states.
 * Used for every destructive or surprising console action: revoke, delete, disable, roll.
 */
export function ConfirmActionButton({
  fields,
  action,
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  variant = "danger-secondary",
  size,
  disabledReason,
  reasonId,
  onSuccess,
  testId,
  confirmTestId = `confirm-${testId}`,
}: {
  fields: Record<string, string>;
  action: FormAction<unknown>;
  trigger: React.ReactNode;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  variant?: "secondary" | "danger-secondary";
  size?: "sm";
  disabledReason: string | null;
  /** Id of the element that explains why the button is disabled. */
  reasonId?: string;
  onSuccess: (message: string) => void;
  testId: string;
  confirmTestId?: string;
}) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const { pending, failure, onSubmit, clearFailure } = useDialogAction(action, (message) => {
    setOpen(false);
    onSuccess(message);
  });
  return (
    <>
      <Button
        ref={triggerRef}
        variant={variant}
        size={size}
        disabled={disabledReason !== null}
        title={disabledReason ?? undefined}
        aria-describedby={disabledReason && reasonId ? reasonId : undefined}
        onClick={() => {
          clearFailure();
          setOpen(true);
        }}
        data-testid={testId}
      >
        {trigger}
      </Button>
      <Dialog open={open} onClose={close} labelId={`${testId}-${Object.values(fields).join("-")}`} returnFocusTo={triggerRef} title={title} description={description}>
        <form onSubmit={onSubmit}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <FormStatus state={failure} hideSuccess className="mb-4" />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" autoFocus onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={variant === "danger-secondary" ? "danger" : "primary"}
              pending={pending}
              pendingLabel={pendingLabel}
              data-testid={confirmTestId}
            >
              {confirmLabel}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
