"use client";

import { useState, useTransition } from "react";
import type { FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import type { DeliveryResult } from "@/lib/console/delivery-result";

/**
 * "Resend" on a row of the delivery log: the same event, sent again now. The outcome is
 * announced in the page's toast region (the row itself is re-rendered with the new
 * attempt, which would drop a message placed in it).
 */
export function ResendButton({
  orgId,
  endpointId,
  deliveryId,
  eventType,
  action,
  disabledReason,
  describedById,
}: {
  orgId: string;
  endpointId: string;
  deliveryId: string;
  eventType: string;
  action: FormAction<DeliveryResult>;
  disabledReason: string | null;
  describedById: string;
}) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();

  function resend(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    setError(null);
    startTransition(async () => {
      try {
        const answer = await action(null, formData);
        if (answer.ok) {
          toast(answer.message, answer.data.state === "succeeded" || answer.data.lastAttempt === null ? "success" : "error");
        } else {
          const text = answer.message;
          setError(text);
          toast(text, "error");
        }
      } catch {
        toast("The server could not be reached. Check your connection and try again.", "error");
      }
    });
  }

  return (
    <form onSubmit={resend} className="inline-flex flex-col items-end gap-1">
      <input type="hidden" name="orgId" value={orgId} />
      <input type="hidden" name="endpointId" value={endpointId} />
      <input type="hidden" name="deliveryId" value={deliveryId} />
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        pending={pending}
        pendingLabel="Resending…"
        disabled={disabledReason !== null}
        aria-describedby={disabledReason ? describedById : undefined}
        data-testid="resend-delivery"
      >
        Resend<span className="sr-only"> {eventType} delivery</span>
      </Button>
      {error ? (
        <span className="max-w-56 text-right text-xs text-red-700 dark:text-red-400" data-testid="resend-error">
          {error}
        </span>
      ) : null}
    </form>
  );
}
