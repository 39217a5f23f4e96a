import type { ReactNode } from "react";

/** What an empty list shows: what would be here, and what to do next. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center">
      {icon ? (
        <div className="mb-4 flex size-10 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
          {icon}
        </div>
      ) : null}
      <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</p>
      {children ? <div className="mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">{children}</div> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
