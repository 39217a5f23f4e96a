"use client";

import type { ComponentProps, ReactNode } from "react";
import { cx } from "@/components/ui/cx";
import { FieldError, describedBy, inputClasses } from "@/components/ui/field";
import { inputIdFor } from "@/lib/console/mapping-draft";

// Small controlled inputs of the data-source editor. Each is keyed by the dotted path of
// its value in the library's input ("headers.0.value", "mapping.fields.email.path"), which
// is also the key of its error, so server and browser errors land under the same input
// and focus can find it (inputIdFor).

export type Errors = Record<string, string>;

function borderFor(error?: string) {
  return error
    ? "border-red-500 dark:border-red-500"
    : "border-zinc-300 hover:border-zinc-400 dark:border-zinc-700 dark:hover:border-zinc-600";
}

export function EditorInput({
  path,
  label,
  hint,
  error,
  optional,
  labelHidden,
  className,
  inputClassName,
  invalidBecause,
  ...input
}: Omit<ComponentProps<"input">, "id" | "className"> & {
  path: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  labelHidden?: boolean;
  className?: string;
  inputClassName?: string;
  /** The id of a group error that also concerns this input (a required field left unmapped). */
  invalidBecause?: string;
}) {
  const id = inputIdFor(path);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const invalid = Boolean(error || invalidBecause);
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={cx("flex items-baseline justify-between gap-2 text-sm font-medium text-zinc-900 dark:text-zinc-100", labelHidden && "sr-only")}
      >
        <span>{label}</span>
        {optional ? <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">Optional</span> : null}
      </label>
      <input
        id={id}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy(invalidBecause, hintId, errorId)}
        className={cx(!labelHidden && "mt-1.5", inputClasses, borderFor(invalid ? "invalid" : undefined), inputClassName)}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

export function EditorSelect({
  path,
  label,
  hint,
  error,
  className,
  children,
  ...select
}: Omit<ComponentProps<"select">, "id" | "className"> & { path: string; label: ReactNode; hint?: ReactNode; error?: string; className?: string }) {
  const id = inputIdFor(path);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId)}
        className={cx("mt-1.5", inputClasses, borderFor(error))}
        {...select}
      >
        {children}
      </select>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** A block-level error that belongs to a group (a field's mapping, a transform), not one input. */
export function GroupError({ path, error }: { path: string; error?: string }) {
  return <FieldError id={`${inputIdFor(path)}-error`}>{error}</FieldError>;
}

/** A section of the editor: a fieldset whose legend reads as a heading. */
export function EditorSection({
  title,
  description,
  children,
  id,
  testId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  id?: string;
  testId?: string;
}) {
  return (
    <div className="border-t border-zinc-200 pt-6 first-of-type:border-t-0 first-of-type:pt-0 dark:border-zinc-800">
      <fieldset id={id} data-testid={testId} className="min-w-0 space-y-5">
        <legend className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{title}</legend>
        {description ? <div className="-mt-3.5 text-sm text-zinc-600 dark:text-zinc-400">{description}</div> : null}
        {children}
      </fieldset>
    </div>
  );
}
