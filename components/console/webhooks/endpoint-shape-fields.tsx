"use client";

import { useEffect, useRef, useState, useTransition } from "react";
import type { FormAction } from "@/components/forms/use-form-action";
import { Badge } from "@/components/ui/badge";
import { cx, focusRing } from "@/components/ui/cx";
import { FieldError, describedBy, inputClasses } from "@/components/ui/field";
import type { EventChoice } from "@/lib/console/endpoint-limits";
import { WEBHOOK_FORMATS, type WebhookFormatName } from "@/lib/domain/webhooks/endpoint-input";
import type { PreviewItem } from "@/lib/domain/webhooks/preview-shape";

// The endpoint form's limits: events of the organization, filter, transform and chat
// format, with a live preview against the organization's last 20 events of the chosen
// types (previewShapeAction reads the whole form, so it sees exactly what Save would store).

export type ShapeDefaults = { eventIds: string[]; filter: string; transform: string; format: WebhookFormatName };

const FORMAT_LABELS: Record<WebhookFormatName, string> = {
  json: "JSON (the standard body)",
  slack: "Slack message",
  teams: "Microsoft Teams message",
  discord: "Discord message",
  "google-chat": "Google Chat message",
};

const label = "block text-sm font-medium text-zinc-900 dark:text-zinc-100";
const hint = "mt-1.5 text-xs text-zinc-500 dark:text-zinc-400";

function ExpressionField(props: { idPrefix: string; name: "filter" | "transform"; title: string; help: string; defaultValue: string; error?: string; disabled?: boolean; onInput: () => void }) {
  const id = `${props.idPrefix}-${props.name}`;
  return (
    <div className="max-w-xl">
      <label htmlFor={id} className={label}>
        {props.title} <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">Optional</span>
      </label>
      <textarea
        id={id}
        name={props.name}
        rows={3}
        defaultValue={props.defaultValue}
        spellCheck={false}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(`${id}-hint`, props.error && `${id}-error`)}
        onInput={props.onInput}
        className={cx("mt-1.5 font-mono", inputClasses, props.error ? "border-red-500" : "border-zinc-300 dark:border-zinc-700")}
      />
      <p id={`${id}-hint`} className={hint}>
        {props.help}
      </p>
      <FieldError id={`${id}-error`}>{props.error}</FieldError>
    </div>
  );
}

export function EndpointShapeFields({
  orgId,
  idPrefix,
  events,
  defaults,
  errors,
  clearFieldError,
  preview,
}: {
  orgId: string;
  idPrefix: string;
  events: EventChoice[];
  defaults: ShapeDefaults;
  errors: Record<string, string>;
  clearFieldError: (name: string) => void;
  preview: FormAction<PreviewItem[]>;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const [limited, setLimited] = useState(defaults.eventIds.length > 0);
  const [format, setFormat] = useState<WebhookFormatName>(defaults.format);
  const [result, setResult] = useState<{ message: string; items: PreviewItem[] } | { error: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const runPreview = () => {
    const form = anchor.current?.closest("form");
    if (!form) return;
    const data = new FormData(form);
    data.set("orgId", orgId);
    startTransition(async () => {
      const answer = await preview(null, data);
      if (answer.ok) setResult({ message: answer.message, items: answer.data });
      else setResult({ error: answer.fields ? Object.entries(answer.fields).map(([field, message]) => `${field}: ${message}`).join(" ") : answer.message });
    });
  };
  const schedule = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(runPreview, 400);
  };

  // Any change in the form (types, events, expressions, format) refreshes the preview.
  useEffect(() => {
    const form = anchor.current?.closest("form");
    if (!form) return;
    form.addEventListener("input", schedule);
    form.addEventListener("change", schedule);
    return () => {
      form.removeEventListener("input", schedule);
      form.removeEventListener("change", schedule);
      if (timer.current) clearTimeout(timer.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const formatId = `${idPrefix}-format`;
  return (
    <div ref={anchor} className="space-y-6" data-testid="endpoint-shape-fields">
      <fieldset className="max-w-xl">
        <legend className={label}>Events of the organization</legend>
        <label className="mt-2 flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
          <input type="checkbox" name="limitEvents" checked={limited} onChange={(e) => setLimited(e.target.checked)} className={cx("size-4", focusRing)} />
          Only some events (test pings still arrive)
        </label>
        {limited ? (
          <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto rounded-md border border-zinc-200 p-2 dark:border-zinc-800" aria-label="Events to limit to">
            {events.length === 0 ? <li className="text-sm text-zinc-600 dark:text-zinc-400">This organization has no events yet.</li> : null}
            {events.map((event) => (
              <li key={event.id}>
                <label className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
                  <input
                    type="checkbox"
                    name="eventIds"
                    value={event.id}
                    defaultChecked={defaults.eventIds.includes(event.id)}
                    onChange={() => clearFieldError("eventIds")}
                    className={cx("size-4", focusRing)}
                  />
                  {event.name}
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        <FieldError id={`${idPrefix}-eventIds-error`}>{errors.eventIds}</FieldError>
      </fieldset>

      <div className="max-w-xl">
        <label htmlFor={formatId} className={label}>
          Format
        </label>
        <select
          id={formatId}
          name="format"
          value={format}
          onChange={(e) => {
            setFormat(e.target.value as WebhookFormatName);
            clearFieldError("format");
          }}
          aria-describedby={describedBy(`${formatId}-hint`, errors.format && `${formatId}-error`)}
          className={cx("mt-1.5", inputClasses, "border-zinc-300 dark:border-zinc-700")}
        >
          {WEBHOOK_FORMATS.map((value) => (
            <option key={value} value={value}>
              {FORMAT_LABELS[value]}
            </option>
          ))}
        </select>
        <p id={`${formatId}-hint`} className={hint}>
          A chat format posts one short sentence per event (times in the venue’s time zone, with a link to the console) to a Slack, Teams,
          Discord or Google Chat incoming-webhook URL. It cannot be combined with a transform.
        </p>
        <FieldError id={`${formatId}-error`}>{errors.format}</FieldError>
      </div>

      <ExpressionField
        idPrefix={idPrefix}
        name="filter"
        title="Filter (JSONata)"
        help={`Sent only when this is true for the webhook body, e.g. data.company = "Acme". Other events are logged as filtered out. At most 4 KB.`}
        defaultValue={defaults.filter}
        error={errors.filter}
        onInput={() => clearFieldError("filter")}
      />
      <ExpressionField
        idPrefix={idPrefix}
        name="transform"
        title="Transform (JSONata)"
        help={`Its result is the body sent (and signed), e.g. {"guest": data.displayName}. Only with the JSON format. At most 4 KB.`}
        defaultValue={defaults.transform}
        error={errors.transform}
        disabled={format !== "json"}
        onInput={() => clearFieldError("transform")}
      />

      <section aria-labelledby={`${idPrefix}-preview-title`} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-testid="shape-preview">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`${idPrefix}-preview-title`} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            Preview on your last 20 events
          </h3>
          <button
            type="button"
            onClick={runPreview}
            className={cx("rounded-md border border-zinc-300 px-3 py-1.5 text-sm font-medium text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-900", focusRing)}
          >
            {pending ? "Previewing…" : "Preview"}
          </button>
        </div>
        <div aria-live="polite" className="mt-3 space-y-3">
          {result === null ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">Choose event types, then change a setting or press Preview to see what would be sent.</p>
          ) : "error" in result ? (
            <p className="text-sm text-red-700 dark:text-red-300" data-testid="preview-error">
              {result.error}
            </p>
          ) : (
            <>
              <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="preview-summary">
                {result.items.length === 0 ? "No recent events of these types." : result.message}
              </p>
              <ol className="space-y-2">
                {result.items.map((item) => (
                  <li key={item.eventId} className="rounded-md border border-zinc-200 p-2 dark:border-zinc-800" data-testid="preview-item" data-outcome={item.outcome}>
                    <div className="flex flex-wrap items-center gap-2 text-sm">
                      <span className="font-mono text-zinc-900 dark:text-zinc-100">{item.type}</span>
                      <Badge tone={item.outcome === "send" ? "green" : item.outcome === "filtered" ? "neutral" : "red"}>
                        {item.outcome === "send" ? "Would be sent" : item.outcome === "filtered" ? "Filtered out" : "Error"}
                      </Badge>
                    </div>
                    {item.body !== null ? (
                      // Focusable: a long body scrolls, and keyboard users must reach it.
                      <pre
                        tabIndex={0}
                        className={cx("mt-2 max-h-40 overflow-auto rounded bg-zinc-50 p-2 text-xs break-all whitespace-pre-wrap text-zinc-800 dark:bg-zinc-900 dark:text-zinc-200", focusRing)}
                      >
                        {item.body}
                      </pre>
                    ) : null}
                    {item.error ? <p className="mt-1 text-xs text-red-700 dark:text-red-300">{item.error}</p> : null}
                  </li>
                ))}
              </ol>
            </>
          )}
        </div>
      </section>
    </div>
  );
}
