import type { ActionState } from "@/lib/console/action-result";
import { AlertIcon, CheckCircleIcon } from "./icons";

/**
 * The outcome of a form submission, in a live region that is always in the DOM (a region
 * added together with its text is not announced). A failure's reason code (the Partner
 * API's `details.reason`) stays out of the text people read, but is kept hidden in the
 * markup so support and tests can match it.
 */
export function FormStatus({
  state,
  clientMessage,
  className,
  hideSuccess,
}: {
  state: ActionState<unknown>;
  /** A message from validation in the browser, which takes precedence. */
  clientMessage?: string | null;
  className?: string;
  hideSuccess?: boolean;
}) {
  const failure = clientMessage ? { message: clientMessage, reason: undefined } : state && !state.ok ? state : null;
  const success = !failure && state?.ok && !hideSuccess ? state : null;
  return (
    <div role="status" aria-live="polite" aria-atomic="true" data-testid="form-status" className={className}>
      {failure ? (
        <p className="flex items-start gap-2 text-sm text-red-700 dark:text-red-400">
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <span>
            {failure.message}
            {failure.reason ? (
              <span hidden data-testid="failure-reason">
                ({failure.reason})
              </span>
            ) : null}
          </span>
        </p>
      ) : null}
      {success ? (
        <p className="flex items-start gap-2 text-sm text-emerald-700 dark:text-emerald-400">
          <CheckCircleIcon className="mt-0.5 size-4 shrink-0" />
          <span>{success.message}</span>
        </p>
      ) : null}
    </div>
  );
}
