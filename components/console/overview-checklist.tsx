import Link from "next/link";
import type { ReactNode } from "react";
import { cx, focusRing } from "@/components/ui/cx";
import { ArrowRightIcon, CheckCircleIcon, CircleIcon } from "@/components/ui/icons";

export type ChecklistStep = { title: string; done: boolean; href: string; detail: ReactNode; optional?: boolean };

/**
 * The getting-started steps, each saying what it unlocks and linking to where it is done.
 * Read-only (members): the same progress as plain status, no links to things they cannot do.
 */
export function OverviewChecklist({ steps, readOnly = false }: { steps: ChecklistStep[]; readOnly?: boolean }) {
  const done = steps.filter((step) => step.done).length;
  return (
    <section aria-labelledby="checklist-title" className="rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60">
      <div className="flex items-center justify-between gap-4 border-b border-zinc-200 px-4 py-4 sm:px-6 dark:border-zinc-800">
        <h2 id="checklist-title" className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
          {readOnly ? "Setup progress" : "Getting started"}
        </h2>
        <div className="flex items-center gap-3">
          <span className="text-sm text-zinc-600 dark:text-zinc-400">
            {done} of {steps.length} done
          </span>
          <div
            className="hidden h-1.5 w-24 overflow-hidden rounded-full bg-zinc-200 sm:block dark:bg-zinc-800"
            role="progressbar"
            aria-label="Getting started progress"
            aria-valuemin={0}
            aria-valuemax={steps.length}
            aria-valuenow={done}
          >
            <div className="h-full rounded-full bg-emerald-500" style={{ width: `${(done / steps.length) * 100}%` }} />
          </div>
        </div>
      </div>
      <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {steps.map((step) => (
          <li key={step.title} data-testid="checklist-step">
            {readOnly ? (
              <div className="flex items-start gap-3 px-4 py-4 sm:px-6">
                <StepBody step={step} detail={step.done ? step.detail : "Not done yet. An admin of this organization can do it."} />
              </div>
            ) : (
              <Link
                href={step.href}
                className={cx(
                  "group flex items-start gap-3 px-4 py-4 hover:bg-zinc-50 sm:px-6 dark:hover:bg-zinc-800/40",
                  focusRing,
                  "focus-visible:outline-offset-[-2px]",
                )}
              >
                <StepBody step={step} detail={step.detail} />
                <ArrowRightIcon className="mt-0.5 size-4 shrink-0 text-zinc-400 transition-transform group-hover:translate-x-0.5" />
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function StepBody({ step, detail }: { step: ChecklistStep; detail: ReactNode }) {
  return (
    <>
      {step.done ? (
        <CheckCircleIcon className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
      ) : (
        <CircleIcon className="mt-0.5 size-5 shrink-0 text-zinc-300 dark:text-zinc-600" />
      )}
      <span className="min-w-0 flex-1">
        <span
          className={cx(
            "block text-sm font-medium",
            step.done ? "text-zinc-500 dark:text-zinc-400" : "text-zinc-900 dark:text-zinc-100",
          )}
        >
          {step.title}
          {step.optional ? <span className="ml-2 text-xs font-normal text-zinc-500 dark:text-zinc-400">Optional</span> : null}
          <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
        </span>
        <span className="mt-0.5 block text-sm text-zinc-600 dark:text-zinc-400">{detail}</span>
      </span>
    </>
  );
}
