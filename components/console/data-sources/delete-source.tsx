"use client";

import { useRouter } from "next/navigation";
import { focusPageHeadingIfLost } from "@/components/forms/use-dialog-action";
import type { FormAction } from "@/components/forms/use-form-action";
import { useToast } from "@/components/ui/toast";
import { ConfirmActionButton } from "../confirm-action-button";

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
  const router = useRouter();
  const toast = useToast();
  return (
    <ConfirmActionButton
      fields={{ orgId, dataSourceId }}
      action={action as FormAction<unknown>}
      trigger="Delete data source"
      title={`Delete “${name}”?`}
      description="The configuration, its saved header values and its run history are deleted. The attendees or sessions it imported stay: imports never delete. This cannot be undone."
      confirmLabel="Delete data source"
      pendingLabel="Deleting…"
      disabledReason={disabledReason}
      reasonId="source-read-only-reason"
      onSuccess={(message) => {
        toast(message);
        router.push(`/console/${orgId}/data-sources`);
        focusPageHeadingIfLost();
      }}
      testId="delete-data-source"
    />
  );
}
