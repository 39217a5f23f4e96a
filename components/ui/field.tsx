import type { ComponentProps, ReactNode } from "react";
import { cx, focusRing } from "./cx";

// Form fields with their label, hint and error wired for assistive technology: the input
// names its hint and error in aria-describedby and says aria-invalid when it has an error.

export const inputClasses = cx(
  "block w-full rounded-md border bg-white px-3 py-2 text-sm text-zinc-900 shadow-xs placeholder:text-zinc-400",
  "disabled:cursor-not-allowed disabled:bg-zinc-50 disabled:text-zinc-500",
  "dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500 dark:disabled:bg-zinc-900",
  focusRing,
  "focus-visible:outline-offset-0",
);

function borderFor(error?: string) {
  return error
    ? "border-red-500 dark:border-red-500"
    : "border-zinc-300 hover:border-zinc-400 dark:border-zinc-700 dark:hover:border-zinc-600";
}

export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
      {children}
    </p>
  );
}

export function describedBy(...ids: (string | false | undefined | null)[]): string | undefined {
  const list = ids.filter(Boolean);
  return list.length ? list.join(" ") : undefined;
}

type TextFieldProps = Omit<ComponentProps<"input">, "id"> & {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Distinguishes two forms on one page that have fields of the same name. */
  idPrefix?: string;
  optional?: boolean;
};

export function TextField({ name, label, hint, error, idPrefix = "field", optional, className, ...input }: TextFieldProps) {
  const id = `${idPrefix}-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="flex items-baseline justify-between text-sm font-medium text-zinc-900 dark:text-zinc-100">
        <span>{label}</span>
        {optional ? <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">Optional</span> : null}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId)}
        className={cx("mt-1.5", inputClasses, borderFor(error))}
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
