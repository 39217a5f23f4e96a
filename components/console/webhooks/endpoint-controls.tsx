"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState, useTransition } from "react";
import { focusPageHeadingIfLost, useDialogAction } from "@/components/forms/use-dialog-action";
import type { FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { FormStatus } from "@/components/ui/form-status";
import { AlertIcon, CheckCircleIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import type { ActionFailure, ActionResult } from "@/lib/console/action-result";
import { deliverySettled, type DeliveryResult } from "@/lib/console/delivery-result";
import { formatDateTime } from "@/lib/console/format-time";
import { browserTimeZone } from "@/lib/console/time-zone";
import { OneTimeSecret } from "../one-time-secret";
import { ConfirmActionButton } from "../confirm-action-button";
import { SecretHelp } from "./secret-help";

type Ids = { orgId: string; endpointId: string };

function Hidden({ orgId, endpointId, extra }: Ids & { extra?: Record<string, string> }) {
  return (
    <>
      <input type="hidden" name="orgId" value={orgId} />
      <input type="hidden" name="endpointId" value={endpointId} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The reason a control is disabled, named by aria-describedby for screen readers. */
const REASON_ID = "endpoint-controls-reason";

/** The endpoint's confirmation buttons: the shared dialog with this page's ids and reason. */
function ConfirmButton({
  ids,
  extra,
  action,
  ...rest
}: { ids: Ids; extra?: Record<string, string>; action: FormAction<unknown> } & Omit<
  React.ComponentProps<typeof ConfirmActionButton>,
  "fields" | "action" | "reasonId"
>) {
  return <ConfirmActionButton fields={{ ...ids, ...extra }} action={action} reasonId={REASON_ID} {...rest} />;
}

/**
 * Enable at once; disable after a confirmation, since pending deliveries are cancelled.
 * A disabled endpoint that missed events (`backlog`) is also offered "Enable and deliver",
 * which names the count before confirming.
 */
export function EnableToggle({
  ids,
  enabled,
  action,
  disabledReason,
  backlog = 0,
}: {
  ids: Ids;
  enabled: boolean;
  action: FormAction<null>;
  disabledReason: string | null;
  backlog?: number;
}) {
  const toast = useToast();
  const { pending, failure, onSubmit } = useDialogAction(action, (message) => toast(message));
  if (enabled) {
    return (
      <ConfirmButton
        ids={ids}
        action={action as FormAction<unknown>}
        extra={{ enabled: "false" }}
        trigger="Disable"
        title="Disable this endpoint?"
        description="Deliveries waiting for a retry are cancelled and nothing is sent to it while it is disabled. When you enable it again you can have everything it missed delivered."
        confirmLabel="Disable endpoint"
        pendingLabel="Disabling…"
        variant="secondary"
        disabledReason={disabledReason}
        onSuccess={(message) => toast(message)}
        testId="disable-endpoint"
      />
    );
  }
  return (
    <form onSubmit={onSubmit} className="contents">
      <Hidden {...ids} extra={{ enabled: "true" }} />
      <Button
        type="submit"
        pending={pending}
        pendingLabel="Enabling…"
        disabled={disabledReason !== null}
        aria-describedby={disabledReason ? REASON_ID : undefined}
        data-testid="enable-endpoint"
      >
        {backlog > 0 ? "Enable only" : "Enable"}
      </Button>
      {backlog > 0 ? (
        <ConfirmButton
          ids={ids}
          action={action as FormAction<unknown>}
          extra={{ enabled: "true", deliverBacklog: "true" }}
          trigger={`Enable and deliver ${backlog} missed`}
          title="Enable and deliver what it missed?"
          description={`${backlog} ${backlog === 1 ? "event was" : "events were"} recorded for this endpoint while it was disabled (deliveries cancelled by the disable included). They are sent within a minute, oldest first, each with its own attempts.`}
          confirmLabel={`Enable and deliver ${backlog}`}
          pendingLabel="Enabling…"
          variant="secondary"
          disabledReason={disabledReason}
          onSuccess={(message) => toast(message)}
          testId="enable-deliver-backlog"
        />
      ) : null}
      {failure ? <FormStatus state={failure} className="basis-full" /> : null}
    </form>
  );
}

const POLL_MS = 1500;
const POLL_FOR_MS = 90_000;

/**
 * Sends a test ping and shows what happened to it. Without Inngest the server attempts it
 * during the request and the answer already holds the result; otherwise the delivery is
 * queued and this polls it every 1.5 s until it is attempted (or gives up after 90 s,
 * pointing at the delivery log).
 */
/**
 * Sends a test event to this endpoint only: a ping, or a sample of any type it subscribes
 * to (built from the organization's latest matching record), sent once and logged as a test.
 */
export function TestPing({
  ids,
  eventTypes,
  action,
  statusAction,
  disabledReason,
}: {
  ids: Ids;
  /** The endpoint's subscribed types, offered after `ping`. */
  eventTypes: string[];
  action: FormAction<DeliveryResult>;
  statusAction: (orgId: string, endpointId: string, deliveryId: string) => Promise<ActionResult<DeliveryResult>>;
  disabledReason: string | null;
}) {
  const router = useRouter();
  const [sending, startSending] = useTransition();
  const [outcome, setOutcome] = useState<{ message: string; result: DeliveryResult | null; failure: ActionFailure | null } | null>(null);
  const [watching, setWatching] = useState<string | null>(null);

  useEffect(() => {
    if (!watching) return;
    const started = Date.now();
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const answer = await statusAction(ids.orgId, ids.endpointId, watching);
        if (cancelled) return;
        if (!answer.ok) {
          setOutcome({ message: answer.message, result: null, failure: answer });
          setWatching(null);
          return;
        }
        if (deliverySettled(answer.data, 0)) {
          setOutcome({ message: answer.message, result: answer.data, failure: null });
          setWatching(null);
          router.refresh();
          return;
        }
      } catch {
        // A dropped poll is retried on the next tick.
      }
      if (Date.now() - started > POLL_FOR_MS) {
        setOutcome((current) => current && { ...current, message: "The test ping has not been sent yet. Its result will appear in the delivery log below." });
        setWatching(null);
        return;
      }
      timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [watching, ids.orgId, ids.endpointId, statusAction, router]);

  // A form, like every mutation of the console: the server decides, whatever the page's buttons say.
  function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    setOutcome(null);
    setWatching(null);
    startSending(async () => {
      try {
        const answer = await action(null, formData);
        if (!answer.ok) {
          setOutcome({ message: answer.message, result: null, failure: answer });
          return;
        }
        setOutcome({ message: answer.message, result: answer.data, failure: null });
        if (!deliverySettled(answer.data, 0)) setWatching(answer.data.deliveryId);
      } catch {
        setOutcome({ message: "", result: null, failure: { ok: false, code: "NETWORK", message: "The server could not be reached. Check your connection and try again." } });
      }
    });
  }

  const result = outcome?.result;
  const tone = outcome?.failure || (result && result.state !== "succeeded" && result.lastAttempt) ? "bad" : result?.state === "succeeded" ? "good" : "neutral";
  return (
    <div className="space-y-3">
      <form onSubmit={send} aria-label="Send a test event" className="flex flex-wrap items-center gap-2">
        <Hidden {...ids} />
        <label htmlFor="test-event-type" className="sr-only">
          Test event type
        </label>
        <select
          id="test-event-type"
          name="type"
          defaultValue="ping"
          disabled={disabledReason !== null}
          data-testid="test-event-type"
          className="rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-sm text-zinc-900 shadow-xs focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        >
          <option value="ping">ping</option>
          {eventTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
        <Button
          type="submit"
          variant="secondary"
          pending={sending}
          pendingLabel="Sending…"
          disabled={disabledReason !== null}
          aria-describedby={disabledReason ? "ping-disabled-reason" : undefined}
          data-testid="send-test-ping"
        >
          Send test
        </Button>
      </form>
      {disabledReason ? (
        <p id="ping-disabled-reason" className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="ping-disabled-reason">
          {disabledReason}
        </p>
      ) : null}
      <div role="status" aria-live="polite" aria-atomic="true" data-testid="ping-result">
        {outcome ? (
          <p
            className={cx(
              "flex items-start gap-2 text-sm",
              tone === "good" && "text-emerald-700 dark:text-emerald-400",
              tone === "bad" && "text-red-700 dark:text-red-400",
              tone === "neutral" && "text-zinc-700 dark:text-zinc-300",
            )}
          >
            {watching ? <Spinner className="mt-0.5 shrink-0" /> : tone === "good" ? <CheckCircleIcon className="mt-0.5 size-4 shrink-0" /> : tone === "bad" ? <AlertIcon className="mt-0.5 size-4 shrink-0" /> : null}
            <span>
              {outcome.failure ? outcome.failure.message : outcome.message}
              {outcome.failure?.reason ? (
                <span hidden data-testid="failure-reason">
                  ({outcome.failure.reason})
                </span>
              ) : null}
              {result ? <span className="mt-0.5 block font-mono text-xs opacity-80">Event {result.eventId}</span> : null}
            </span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** Rolls the signing secret after a confirmation, then shows the new one once. */
export function RollSecret({
  ids,
  secretPrefix,
  action,
  disabledReason,
}: {
  ids: Ids;
  /** The secret this page shows: the roll is refused (409) if it changed meanwhile. */
  secretPrefix: string;
  action: FormAction<{ secret: string; previousValidUntil: Date | null }>;
  disabledReason: string | null;
}) {
  const [rolled, setRolled] = useState<{ secret: string; previousValidUntil: Date | null } | null>(null);
  const capture = useCallback<FormAction<unknown>>(
    async (_previous, formData) => {
      const answer = await action(null, formData);
      if (answer.ok) setRolled(answer.data);
      return answer;
    },
    [action],
  );
  return (
    <div className="space-y-4">
      {rolled ? (
        <OneTimeSecret
          testId="rolled-secret"
          title="New signing secret"
          fieldLabel="New signing secret"
          value={rolled.secret}
          warning={`Copy this secret into the receiver now; it will not be shown again. Until ${rolled.previousValidUntil ? formatDateTime(rolled.previousValidUntil, browserTimeZone()) : "24 hours from now"} every delivery is signed with both the old and the new secret (two v1 values), so the receiver keeps working while you switch.`}
          onDone={() => setRolled(null)}
        >
          <SecretHelp />
        </OneTimeSecret>
      ) : null}
      <ConfirmButton
        ids={ids}
        extra={{ expectedSecretPrefix: secretPrefix }}
        action={capture}
        trigger="Roll secret"
        title="Roll the signing secret?"
        description="A new secret is created and shown once. For the next 24 hours deliveries carry two signatures, one made with the old secret and one with the new, so the receiver can switch without missing a delivery. After that only the new secret signs. Rolling again within the 24 hours drops the oldest secret at once."
        confirmLabel="Roll secret"
        pendingLabel="Rolling…"
        variant="secondary"
        disabledReason={disabledReason}
        onSuccess={() => {}}
        testId="roll-secret"
      />
    </div>
  );
}

/** Deletes the endpoint after a confirmation and returns to the list. */
export function DeleteEndpoint({ ids, url, action, disabledReason }: { ids: Ids; url: string; action: FormAction<null>; disabledReason: string | null }) {
  const router = useRouter();
  const toast = useToast();
  return (
    <ConfirmButton
      ids={ids}
      action={action as FormAction<unknown>}
      trigger="Delete endpoint"
      title="Delete this endpoint?"
      description={
        <>
          <span className="font-mono text-xs break-all">{url}</span> stops receiving events at once, and its delivery log is deleted
          with it. This cannot be undone; to pause deliveries instead, disable the endpoint.
        </>
      }
      confirmLabel="Delete endpoint"
      pendingLabel="Deleting…"
      variant="danger-secondary"
      disabledReason={disabledReason}
      onSuccess={(message) => {
        toast(message);
        router.push(`/console/${ids.orgId}/webhooks`);
        focusPageHeadingIfLost();
      }}
      testId="delete-endpoint"
    />
  );
}
