import type { ReactNode } from "react";
import { cx } from "./cx";

/** A bordered section of a page with a heading, optional description and header actions. */
export function Panel({
  title,
  description,
  actions,
  children,
  className,
  headingLevel = 2,
  id,
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
  id?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cx(
        "rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60",
        className,
      )}
    >
      {title ? (
        <div className="flex flex-col gap-3 border-b border-zinc-200 px-4 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6 dark:border-zinc-800">
          <div className="min-w-0">
            <Heading id={headingId} className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
              {title}
            </Heading>
            {description ? <div className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</div> : null}
          </div>
          {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
        </div>
      ) : null}
      <div>{children}</div>
    </section>
  );
}

export function PanelBody({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx("px-4 py-4 sm:px-6 sm:py-5", className)}>{children}</div>;
}
