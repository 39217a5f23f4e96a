import type { ComponentProps, ReactNode } from "react";
import { cx } from "@/components/ui/cx";
import { FieldError, describedBy, inputClasses } from "@/components/ui/field";

// A select and a textarea wired like components/ui/field's TextField (label, hint and
// error named in aria-describedby, aria-invalid on error), for the session form.

type Wiring = { name: string; label: ReactNode; hint?: ReactNode; error?: string; idPrefix: string; optional?: boolean };

function Frame({ id, label, hint, error, optional, children }: { id: string; label: ReactNode; hint?: ReactNode; error?: string; optional?: boolean; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="flex items-baseline justify-between text-sm font-medium text-zinc-900 dark:text-zinc-100">
        <span>{label}</span>
        {optional ? <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">Optional</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

const border = (error?: string) =>
  error ? "border-red-500 dark:border-red-500" : "border-zinc-300 hover:border-zinc-400 dark:border-zinc-700 dark:hover:border-zinc-600";

function wiring({ name, hint, error, idPrefix }: Wiring) {
  const id = `${idPrefix}-${name}`;
  return {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(hint ? `${id}-hint` : null, error ? `${id}-error` : null),
    className: cx("mt-1.5", inputClasses, border(error)),
  };
}

export function SelectField({ children, ...props }: Wiring & Omit<ComponentProps<"select">, "id" | "name" | "className">) {
  const { name, label, hint, error, idPrefix, optional, ...select } = props;
  const wired = wiring({ name, label, hint, error, idPrefix });
  return (
    <Frame id={wired.id} label={label} hint={hint} error={error} optional={optional}>
      <select {...wired} {...select}>
        {children}
      </select>
    </Frame>
  );
}

export function TextAreaField(props: Wiring & Omit<ComponentProps<"textarea">, "id" | "name" | "className">) {
  const { name, label, hint, error, idPrefix, optional, ...textarea } = props;
  const wired = wiring({ name, label, hint, error, idPrefix });
  return (
    <Frame id={wired.id} label={label} hint={hint} error={error} optional={optional}>
      <textarea {...wired} {...textarea} />
    </Frame>
  );
}
