"use client";

import { useEffect, useRef, useState } from "react";
import { cx, focusRing } from "@/components/ui/cx";
import { FieldError, describedBy } from "@/components/ui/field";
import { SUBSCRIBABLE_EVENT_TYPES, type SubscribableEventType } from "@/lib/domain/webhooks/endpoint-input";

const KNOWN_GROUPS: { label: string; types: SubscribableEventType[] }[] = [
  { label: "Events", types: ["event.updated", "event.published"] },
  { label: "Attendees", types: ["attendee.created", "attendee.updated", "attendee.deleted", "attendee.checked_in"] },
  { label: "Programme", types: ["session.created", "session.updated", "session.deleted"] },
  { label: "Engagement", types: ["session_attendance.created", "form.submission.created", "feedback.created"] },
];

const HELP: Partial<Record<SubscribableEventType, string>> = {
  "event.updated": "An event’s details changed",
  "event.published": "An event went live",
  "attendee.created": "Added to a guest list",
  "attendee.updated": "Name, company, job title or status changed",
  "attendee.deleted": "Removed from a guest list",
  "attendee.checked_in": "Arrived at the venue",
  "session.created": "Added to the programme",
  "session.updated": "Time, room or details changed",
  "session.deleted": "Removed from the programme",
  "session_attendance.created": "Door scan at a session",
  "form.submission.created": "A form was answered (corrections come with a higher revision)",
  "feedback.created": "Feedback, a rating or a review",
};

// A type added to the library later than this list still shows up, under "Other".
const grouped = new Set<string>(KNOWN_GROUPS.flatMap((group) => group.types));
const others = SUBSCRIBABLE_EVENT_TYPES.filter((type) => !grouped.has(type));
const GROUPS = others.length ? [...KNOWN_GROUPS, { label: "Other", types: others }] : KNOWN_GROUPS;

/**
 * The event types of an endpoint as checkboxes named `eventTypes`, grouped by resource,
 * with an "All event types" box that checks or clears them all (mixed when some are).
 * `ping` is not offered: a test ping always goes to the endpoint it is sent to.
 */
export function EventTypePicker({
  idPrefix,
  defaultValue,
  error,
  onChange,
}: {
  idPrefix: string;
  defaultValue: readonly string[];
  error?: string;
  onChange?: () => void;
}) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set(defaultValue));
  const allRef = useRef<HTMLInputElement>(null);
  const count = SUBSCRIBABLE_EVENT_TYPES.filter((type) => selected.has(type)).length;
  const all = count === SUBSCRIBABLE_EVENT_TYPES.length;

  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = count > 0 && !all;
  }, [count, all]);

  const toggle = (type: string, checked: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(type);
      else next.delete(type);
      return next;
    });
    onChange?.();
  };

  const hintId = `${idPrefix}-types-hint`;
  const errorId = `${idPrefix}-eventTypes-error`;
  return (
    <fieldset aria-describedby={describedBy(hintId, error && errorId)} data-testid="event-type-picker">
      <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Event types</legend>
      <p id={hintId} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        The endpoint receives a signed POST for each event of these types. Receivers ignore types they do not recognise, so new
        types can be added later. <span data-testid="ping-always-on"><code>ping</code> is not listed: every endpoint always
        receives the test pings sent to it from its page.</span>
      </p>
      <label
        className={cx(
          "mt-3 flex w-fit cursor-pointer items-center gap-2.5 rounded-md border px-3 py-2 text-sm font-medium text-zinc-900 has-disabled:cursor-not-allowed has-disabled:opacity-60 dark:text-zinc-100",
          error ? "border-red-400 dark:border-red-500/60" : "border-zinc-200 dark:border-zinc-700",
        )}
      >
        <input
          ref={allRef}
          type="checkbox"
          checked={all}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setSelected(checked ? new Set(SUBSCRIBABLE_EVENT_TYPES) : new Set());
            onChange?.();
          }}
          className={cx("size-4 shrink-0 rounded accent-indigo-600", focusRing)}
        />
        All event types
        <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400" aria-hidden="true">
          ({count} of {SUBSCRIBABLE_EVENT_TYPES.length})
        </span>
      </label>
      <div className="mt-3 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {GROUPS.map((group) => (
          <fieldset key={group.label}>
            <legend className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{group.label}</legend>
            <ul className="mt-1.5 space-y-1.5">
              {group.types.map((type) => (
                <li key={type}>
                  <label className="flex cursor-pointer items-start gap-2.5 has-disabled:cursor-not-allowed has-disabled:opacity-60">
                    <input
                      type="checkbox"
                      name="eventTypes"
                      value={type}
                      checked={selected.has(type)}
                      aria-invalid={error ? true : undefined}
                      onChange={(event) => toggle(type, event.currentTarget.checked)}
                      className={cx("mt-0.5 size-4 shrink-0 rounded accent-indigo-600", focusRing)}
                    />
                    <span className="min-w-0">
                      <span className="block font-mono text-sm text-zinc-900 dark:text-zinc-100">{type}</span>
                      {HELP[type] ? <span className="block text-xs text-zinc-600 dark:text-zinc-400">{HELP[type]}</span> : null}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
