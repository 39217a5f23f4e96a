"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import type { ActionResult } from "@/lib/console/action-result";

// Recover failed deliveries: the admin picks a window (in their browser's time zone), sees
// how many deliveries it holds, and confirms that number. Changing the window drops the
// count, so what is confirmed is always what was counted.

type Ids = { orgId: string; endpointId: string };
type PreviewAction = (formData: FormData) => Promise<ActionResult<{ count: number }>>;
type RecoverAction = (formData: FormData) => Promise<ActionResult<{ recovered: number }>>;

/** A datetime-local value (browser time) as an ISO instant; "" stays "". */
function toIso(local: string): string {
  if (!local) return "";
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

function localValue(date: Date): string {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

export function RecoverDeliveries({
  ids,
  preview,
  recover,
  disabledReason,
}: {
  ids: Ids;
  preview: PreviewAction;
  recover: RecoverAction;
  disabledReason: string | null;
}) {
  const [since, setSince] = useState(() => localValue(new Date(Date.now() - 24 * 3600_000)));
  const [until, setUntil] = useState("");
  const [count, setCount] = useState<number | null>(null);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string; fields?: Record<string, string> } | null>(null);
  const [pending, startTransition] = useTransition();

  const form = () => {
    const data = new FormData();
    data.set("orgId", ids.orgId);
    data.set("endpointId", ids.endpointId);
    data.set("since", toIso(since));
    if (until) data.set("until", toIso(until));
    return data;
  };

  const onPreview = () =>
    startTransition(async () => {
      const result = await preview(form());
      setCount(result.ok ? result.data.count : null);
      setMessage(result.ok ? null : { tone: "error", text: result.message, fields: result.fields });
    });

  const onRecover = () =>
    startTransition(async () => {
      const result = await recover(form());
      setCount(null);
      setMessage(result.ok ? { tone: "success", text: result.message } : { tone: "error", text: result.message });
    });

  const changed = (set: (value: string) => void) => (event: React.ChangeEvent<HTMLInputElement>) => {
    set(event.target.value);
    setCount(null);
  };

  return (
    <div className="space-y-4" data-testid="recover-deliveries">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          idPrefix="recover"
          name="since"
          type="datetime-local"
          label="From"
          value={since}
          onChange={changed(setSince)}
          required
          error={message?.fields?.since}
          disabled={disabledReason !== null}
        />
        <TextField
          idPrefix="recover"
          name="until"
          type="datetime-local"
          label="To"
          hint="Empty: until now. Times are in your browser's time zone."
          optional
          value={until}
          onChange={changed(setUntil)}
          error={message?.fields?.until}
          disabled={disabledReason !== null}
        />
      </div>
      {count === null ? (
        <Button variant="secondary" onClick={onPreview} pending={pending} pendingLabel="Counting…" disabled={disabledReason !== null || !since}>
          Recover failed deliveries
        </Button>
      ) : (
        <div className="space-y-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-700" role="group" aria-labelledby="recover-count">
          <p id="recover-count" className="text-sm text-zinc-900 dark:text-zinc-100" data-testid="recover-count">
            {count === 0
              ? "No failed deliveries in this window."
              : `${count} failed ${count === 1 ? "delivery" : "deliveries"} in this window will get one new attempt now.`}
          </p>
          <div className="flex flex-wrap gap-2">
            {count > 0 ? (
              <Button onClick={onRecover} pending={pending} pendingLabel="Recovering…">
                Recover {count} {count === 1 ? "delivery" : "deliveries"}
              </Button>
            ) : null}
            <Button variant="ghost" onClick={() => setCount(null)} disabled={pending}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {disabledReason ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{disabledReason}</p> : null}
      <div aria-live="polite" data-testid="recover-status">
        {message ? (
          <p className={message.tone === "error" ? "text-sm text-red-700 dark:text-red-400" : "text-sm text-green-800 dark:text-green-300"}>{message.text}</p>
        ) : null}
      </div>
    </div>
  );
}
