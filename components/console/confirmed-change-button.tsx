"use client";

import { keepFocusOn } from "@/components/forms/keep-focus";
import { focusPageHeadingIfLost } from "@/components/forms/use-dialog-action";
import type { FormAction } from "@/components/forms/use-form-action";
import { useToast } from "@/components/ui/toast";
import { ConfirmActionButton } from "./confirm-action-button";

/**
 * A status change (publish, archive, revoke, restore, check in, a member's role),
 * confirmed in a dialog; the server action re-checks the admin and the organization.
 * Pages render it for admins only: members see the status, not the button.
 */
export function ConfirmedChangeButton({
  fields,
  action,
  label,
  srLabel,
  title,
  description,
  confirmLabel,
  pendingLabel,
  danger = false,
  testId,
  focusAfter,
}: {
  fields: Record<string, string>;
  action: FormAction<null>;
  label: string;
  srLabel: string;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  danger?: boolean;
  testId: string;
  /** Where focus goes after the change when the refresh removes this button (CSS selectors, first match wins). */
  focusAfter?: string[];
}) {
  const toast = useToast();
  return (
    <ConfirmActionButton
      fields={fields}
      action={action as FormAction<unknown>}
      trigger={
        <>
          {label}
          <span className="sr-only"> {srLabel}</span>
        </>
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      pendingLabel={pendingLabel}
      variant={danger ? "danger-secondary" : "secondary"}
      size="sm"
      disabledReason={null}
      onSuccess={(message) => {
        toast(message);
        if (focusAfter) keepFocusOn(focusAfter);
        else focusPageHeadingIfLost();
      }}
      testId={testId}
    />
  );
}
