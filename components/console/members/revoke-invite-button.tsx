"use client";

import { focusPageHeadingIfLost } from "@/components/forms/use-dialog-action";
import type { FormAction } from "@/components/forms/use-form-action";
import { useToast } from "@/components/ui/toast";
import { ConfirmActionButton } from "../confirm-action-button";

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
  const toast = useToast();
  return (
    <ConfirmActionButton
      fields={{ orgId, inviteId }}
      action={action as FormAction<unknown>}
      trigger={
        <>
          Revoke<span className="sr-only"> invitation for {email}</span>
        </>
      }
      title="Revoke this invitation?"
      description={<>The link made for {email} stops working. You can invite the address again later.</>}
      confirmLabel="Revoke invitation"
      pendingLabel="Revoking…"
      size="sm"
      disabledReason={disabledReason}
      onSuccess={(message) => {
        toast(message);
        focusPageHeadingIfLost();
      }}
      testId="revoke-invite"
    />
  );
}
