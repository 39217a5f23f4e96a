"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { AlertIcon } from "@/components/ui/icons";
import { CopyButton } from "./copy-button";

/**
 * A secret shown exactly once (a new API key, an invite link): read-only field, copy
 * button, and a warning that it cannot be shown again. Focus moves to its heading when it
 * appears so keyboard and screen-reader users land on it.
 */
export function OneTimeSecret({
  title,
  value,
  fieldLabel,
  warning,
  onDone,
  testId,
  children,
}: {
  title: string;
  value: string;
  fieldLabel: string;
  warning: string;
  onDone: () => void;
  testId: string;
  children?: React.ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [value]);
  const fieldId = `${testId}-value`;
  return (
    <section
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      className="rounded-xl border border-emerald-300 bg-emerald-50/70 p-4 sm:p-5 dark:border-emerald-500/30 dark:bg-emerald-500/5"
    >
      <h3
        id={`${testId}-title`}
        ref={headingRef}
        tabIndex={-1}
        className="text-sm font-semibold text-emerald-950 outline-none dark:text-emerald-100"
      >
        {title}
      </h3>
      <p className="mt-2 flex items-start gap-2 text-sm text-amber-900 dark:text-amber-200">
        <AlertIcon className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
        <span>{warning}</span>
      </p>
      <label htmlFor={fieldId} className="sr-only">
        {fieldLabel}
      </label>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          id={fieldId}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
          className="block w-full min-w-0 rounded-md border border-emerald-300 bg-white px-3 py-2 font-mono text-sm text-zinc-900 shadow-xs focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-emerald-500/30 dark:bg-zinc-950 dark:text-zinc-100"
        />
        <div className="flex gap-2">
          <CopyButton value={value} fallbackSelectId={fieldId} />
          <Button variant="ghost" size="sm" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
      {children}
    </section>
  );
}
