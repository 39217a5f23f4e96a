import type { ReactNode } from "react";

/** The title block of a console page. The h1 takes focus after dialogs close (tabIndex -1). */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 tabIndex={-1} className="text-2xl font-semibold tracking-tight text-zinc-900 outline-none dark:text-zinc-50">
          {title}
        </h1>
        {description ? <div className="mt-1.5 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{description}</div> : null}
      </div>
      {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
    </div>
  );
}
