"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { FieldError, inputClasses } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/console/action-result";

/**
 * A session's speakers in billing order: chosen from the event's speakers and ordered with
 * move up/down buttons (keyboard-operable, no drag). Posts one `speakerIds` entry per
 * speaker, in order.
 */
export function SpeakerPicker({
  speakers,
  initial,
  errors,
  idPrefix,
}: {
  speakers: { id: string; name: string }[];
  initial: string[];
  errors: FieldErrors;
  idPrefix: string;
}) {
  const [chosen, setChosen] = useState(initial);
  const [candidate, setCandidate] = useState("");
  const headingId = useId();
  const selectId = `${idPrefix}-add-speaker`;
  const names = new Map(speakers.map((speaker) => [speaker.id, speaker.name]));
  const available = speakers.filter((speaker) => !chosen.includes(speaker.id));
  const error = Object.entries(errors).find(([key]) => key === "speakerIds" || key.startsWith("speakerIds."))?.[1];
  const move = (index: number, step: number) =>
    setChosen((list) => {
      const next = [...list];
      [next[index], next[index + step]] = [next[index + step], next[index]];
      return next;
    });
  return (
    <fieldset aria-labelledby={headingId} aria-describedby={error ? `${selectId}-error` : undefined}>
      <legend id={headingId} className="flex w-full items-baseline justify-between text-sm font-medium text-zinc-900 dark:text-zinc-100">
        <span>Speakers</span>
        <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">In billing order</span>
      </legend>
      {chosen.map((id) => (
        <input key={id} type="hidden" name="speakerIds" value={id} />
      ))}
      {chosen.length ? (
        <ol className="mt-1.5 divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800" data-testid="chosen-speakers">
          {chosen.map((id, index) => {
            const name = names.get(id) ?? "Unknown speaker";
            return (
              <li key={id} className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm" data-testid="chosen-speaker">
                <span>
                  <span className="text-zinc-500 dark:text-zinc-400">{index + 1}.</span> {name}
                </span>
                <span className="flex gap-1">
                  <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => move(index, -1)}>
                    <span aria-hidden>↑</span>
                    <span className="sr-only">Move {name} up</span>
                  </Button>
                  <Button variant="ghost" size="sm" disabled={index === chosen.length - 1} onClick={() => move(index, 1)}>
                    <span aria-hidden>↓</span>
                    <span className="sr-only">Move {name} down</span>
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setChosen((list) => list.filter((other) => other !== id))}>
                    Remove<span className="sr-only"> {name}</span>
                  </Button>
                </span>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">No speakers.</p>
      )}
      {speakers.length === 0 ? (
        <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">Add speakers in the Speakers section of this page first.</p>
      ) : available.length ? (
        <div className="mt-2 flex gap-2">
          <label htmlFor={selectId} className="sr-only">
            Speaker to add
          </label>
          <select id={selectId} value={candidate} onChange={(event) => setCandidate(event.target.value)} className={cx(inputClasses, "border-zinc-300 dark:border-zinc-700")}>
            <option value="">Choose a speaker…</option>
            {available.map((speaker) => (
              <option key={speaker.id} value={speaker.id}>
                {speaker.name}
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            size="sm"
            disabled={!candidate}
            onClick={() => {
              setChosen((list) => [...list, candidate]);
              setCandidate("");
            }}
            data-testid="add-speaker-to-session"
          >
            Add
          </Button>
        </div>
      ) : null}
      <FieldError id={`${selectId}-error`}>{error}</FieldError>
    </fieldset>
  );
}
