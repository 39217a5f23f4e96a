"use client";

import { useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/console/action-result";

/**
 * An editable list of rows posted as one JSON field (`name`): add, remove, and move up or
 * down with buttons (keyboard-operable, no drag). Used for an info section's key-detail
 * rows and a form's fields. Server errors for a row (e.g. `details.2.value`) show on it.
 */
export function RowListEditor<Row extends object>({
  name,
  legend,
  initial,
  blank,
  errors,
  addLabel,
  rowName,
  canRemove = () => true,
  renderRow,
  serialize = (row) => row,
  testId,
}: {
  name: string;
  legend: string;
  initial: Row[];
  blank: () => Row;
  errors: FieldErrors;
  addLabel: string;
  rowName: (row: Row, index: number) => string;
  canRemove?: (row: Row) => boolean;
  renderRow: (row: Row, index: number, update: (patch: Partial<Row>) => void, rowErrors: (field: string) => string | undefined) => ReactNode;
  /** The row as the operation's schema reads it (editor-only state left out). */
  serialize?: (row: Row) => unknown;
  testId: string;
}) {
  // Each row keeps a stable identity for React while rows move.
  const nextKey = useRef(initial.length);
  const [rows, setRows] = useState(() => initial.map((row, index) => ({ row, key: index })));
  const update = (index: number, patch: Partial<Row>) =>
    setRows((list) => list.map((entry, i) => (i === index ? { ...entry, row: { ...entry.row, ...patch } } : entry)));
  const move = (index: number, step: number) =>
    setRows((list) => {
      const next = [...list];
      [next[index], next[index + step]] = [next[index + step], next[index]];
      return next;
    });
  const listError = errors[name];
  return (
    <fieldset data-testid={testId}>
      <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{legend}</legend>
      <input type="hidden" name={name} value={JSON.stringify(rows.map((entry) => serialize(entry.row)))} />
      {rows.length ? (
        <ol className="mt-1.5 space-y-2">
          {rows.map((entry, index) => {
            const label = rowName(entry.row, index);
            return (
              <li key={entry.key} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800" data-testid={`${testId}-row`}>
                {renderRow(entry.row, index, (patch) => update(index, patch), (field) => errors[`${name}.${index}.${field}`])}
                <div className="mt-2 flex flex-wrap justify-end gap-1">
                  <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => move(index, -1)}>
                    <span aria-hidden>↑</span>
                    <span className="sr-only">Move {label} up</span>
                  </Button>
                  <Button variant="ghost" size="sm" disabled={index === rows.length - 1} onClick={() => move(index, 1)}>
                    <span aria-hidden>↓</span>
                    <span className="sr-only">Move {label} down</span>
                  </Button>
                  {canRemove(entry.row) ? (
                    <Button variant="ghost" size="sm" onClick={() => setRows((list) => list.filter((_, i) => i !== index))}>
                      Remove<span className="sr-only"> {label}</span>
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">None yet.</p>
      )}
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        onClick={() => setRows((list) => [...list, { row: blank(), key: nextKey.current++ }])}
        data-testid={`${testId}-add`}
      >
        {addLabel}
      </Button>
      <FieldError id={`${testId}-error`}>{listError}</FieldError>
    </fieldset>
  );
}
