"use client";

import { useState, useTransition, type FormEvent } from "react";
import type { ActionFailure } from "@/lib/console/action-result";
import type { FormAction } from "./use-form-action";

/**
 * Submits a confirmation dialog's form to a server action and handles the answer in the
 * submit handler itself, not in an effect: a successful revoke re-renders the table without
 * the row's button (and so without this component), and an effect would never run. The
 * success callback uses page-level things (the toast region, the page heading) that stay.
 */
export function useDialogAction<T>(action: FormAction<T>, onSuccess: (message: string) => void) {
  const [pending, startTransition] = useTransition();
  const [failure, setFailure] = useState<ActionFailure | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    setFailure(null);
    startTransition(async () => {
      try {
        const result = await action(null, formData);
        if (result.ok) onSuccess(result.message);
        else setFailure(result);
      } catch {
        setFailure({ ok: false, code: "NETWORK", message: "The server could not be reached. Check your connection and try again." });
      }
    });
  }

  return { pending, failure, onSubmit, clearFailure: () => setFailure(null) };
}

/** After a dialog's trigger disappeared, puts focus on the page heading rather than leaving it nowhere. */
export function focusPageHeadingIfLost() {
  setTimeout(() => {
    if (!document.activeElement || document.activeElement === document.body) {
      document.querySelector<HTMLElement>("main h1")?.focus();
    }
  }, 0);
}
