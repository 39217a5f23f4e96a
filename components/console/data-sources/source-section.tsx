"use client";

import { Callout } from "@/components/ui/callout";
import { cx, focusRing } from "@/components/ui/cx";
import { FieldError } from "@/components/ui/field";
import type { EventOption } from "@/lib/console/list-data-sources";
import type { SourceDraft } from "@/lib/console/mapping-draft";
import { SCHEDULES } from "@/lib/domain/imports/data-source-input";
import type { ImportTarget } from "@/lib/domain/imports/mapping";
import { EditorInput, EditorSection, EditorSelect, type Errors } from "./editor-fields";
import type { DraftEdit } from "./use-source-draft";

const TARGETS: { value: ImportTarget; label: string; detail: string }[] = [
  { value: "attendees", label: "Attendees", detail: "Guests of the event, matched by email. New addresses are added as invited; no email is sent." },
  { value: "sessions", label: "Sessions", detail: "The programme, matched by the record's own id across runs." },
];

const SCHEDULE_OPTIONS: Record<(typeof SCHEDULES)[number], { label: string; detail: string }> = {
  manual: { label: "On demand", detail: "Only when someone presses Run now." },
  hourly: { label: "Hourly", detail: "Every hour, and on demand." },
  daily: { label: "Daily", detail: "Once a day, and on demand." },
};

/** What the source is: its name, the event it imports into, what it imports, its schedule. */
export function SourceSection({
  mode,
  draft,
  errors,
  events,
  edit,
  switchTarget,
}: {
  mode: "create" | "edit";
  draft: SourceDraft;
  errors: Errors;
  events: EventOption[];
  edit: DraftEdit;
  switchTarget: (target: ImportTarget) => void;
}) {
  return (
      <EditorSection title="Source" testId="section-source">
        <EditorInput
          path="name"
          label="Name"
          placeholder="e.g. Registrations from Eventbrite"
          maxLength={200}
          value={draft.name}
          error={errors.name}
          onChange={(e) => {
            const value = e.currentTarget.value;
            edit((d) => void (d.name = value), "name");
          }}
          className="max-w-md"
        />
        {events.length === 0 ? (
          <Callout tone="warning" title="This organization has no events yet">
            A data source imports into an existing event. Create the event in the organizer app first, then come back.
          </Callout>
        ) : null}
        <EditorSelect
          path="eventId"
          label="Event"
          hint={mode === "edit" ? "The event of a data source cannot change; create a new data source for another event." : "The event the records are imported into."}
          value={draft.eventId}
          disabled={mode === "edit" || events.length === 0}
          error={errors.eventId}
          onChange={(e) => {
            const value = e.currentTarget.value;
            edit((d) => void (d.eventId = value), "eventId");
          }}
          className="max-w-md"
        >
          <option value="">Choose an event…</option>
          {events.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
              {option.status !== "published" ? ` (${option.status})` : ""}
            </option>
          ))}
        </EditorSelect>
        <fieldset aria-describedby={mode === "edit" ? "ds-target-fixed" : undefined}>
          <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Imports</legend>
          {mode === "edit" ? (
            <p id="ds-target-fixed" className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
              What a data source imports cannot change once it exists.
            </p>
          ) : null}
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {TARGETS.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-zinc-200 p-3 has-checked:border-indigo-500 has-checked:bg-indigo-50/60 has-disabled:cursor-not-allowed has-disabled:opacity-60 dark:border-zinc-700 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-500/10"
              >
                <input
                  type="radio"
                  name="target"
                  value={option.value}
                  checked={draft.target === option.value}
                  disabled={mode === "edit"}
                  onChange={() => switchTarget(option.value)}
                  className={cx("mt-0.5 size-4 shrink-0 accent-indigo-600", focusRing)}
                />
                <span>
                  <span className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">{option.label}</span>
                  <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">{option.detail}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Schedule</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-3">
            {SCHEDULES.map((schedule) => (
              <label
                key={schedule}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-zinc-200 p-3 has-checked:border-indigo-500 has-checked:bg-indigo-50/60 has-disabled:cursor-not-allowed has-disabled:opacity-60 dark:border-zinc-700 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-500/10"
              >
                <input
                  type="radio"
                  name="schedule"
                  value={schedule}
                  checked={draft.schedule === schedule}
                  onChange={() => edit((d) => void (d.schedule = schedule), "schedule")}
                  className={cx("mt-0.5 size-4 shrink-0 accent-indigo-600", focusRing)}
                />
                <span>
                  <span className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">{SCHEDULE_OPTIONS[schedule].label}</span>
                  <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">{SCHEDULE_OPTIONS[schedule].detail}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id="ds-schedule-error">{errors.schedule}</FieldError>
        </fieldset>
      </EditorSection>
  );
}
