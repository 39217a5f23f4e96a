import type { ComponentProps, CSSProperties, ReactNode } from "react";
import { cx } from "./cx";

// Data tables. From the sm breakpoint up, a real table that scrolls sideways inside its own
// focusable, labelled group when the columns do not fit (a group, not a region: a region is
// a landmark, and the table usually sits in a Panel landmark of the same name). Below it (phones) each row is a
// stacked card: cells become "label: value" lines, the label coming from `label` on the
// cell (shown with ::before). Explicit ARIA table roles keep the semantics when CSS changes
// the display of the table elements.

export function Table({ label, children, minWidth = "42rem" }: { label: string; children: ReactNode; minWidth?: string }) {
  return (
    <div className="relative sm:overflow-x-auto" role="group" aria-label={label} tabIndex={0}>
      <table
        role="table"
        className="w-full border-collapse text-left text-sm max-sm:block sm:min-w-(--table-min-width)"
        style={{ "--table-min-width": minWidth } as CSSProperties}
      >
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead role="rowgroup" className="max-sm:sr-only">
      <tr role="row">{children}</tr>
    </thead>
  );
}

/** A row group; a table may have several (one per item whose detail row spans the columns). */
export function TBody({ className, ...rest }: ComponentProps<"tbody">) {
  return <tbody role="rowgroup" className={cx("max-sm:block", className)} {...rest} />;
}

export function Tr({ className, ...rest }: ComponentProps<"tr">) {
  return (
    <tr
      role="row"
      className={cx(
        "max-sm:block max-sm:border-b max-sm:border-zinc-100 max-sm:px-4 max-sm:py-3 max-sm:dark:border-zinc-800/70",
        className,
      )}
      {...rest}
    />
  );
}

export function Th({ className, ...rest }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      role="columnheader"
      className={cx(
        "border-b border-zinc-200 bg-zinc-50/80 px-4 py-2.5 text-xs font-medium tracking-wide text-zinc-500 uppercase first:pl-4 sm:first:pl-6 last:pr-4 sm:last:pr-6 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400",
        className,
      )}
      {...rest}
    />
  );
}

/** A cell; `label` is its column name, shown in front of the value on phones. */
export function Td({ className, label, ...rest }: ComponentProps<"td"> & { label?: string }) {
  return (
    <td
      role="cell"
      data-label={label}
      className={cx(
        "border-b border-zinc-100 px-4 py-3 align-middle text-zinc-700 first:pl-4 sm:first:pl-6 last:pr-4 sm:last:pr-6 dark:border-zinc-800/70 dark:text-zinc-300",
        "max-sm:border-0 max-sm:px-0 max-sm:py-1 max-sm:first:pl-0 max-sm:last:pr-0",
        // Labelled cells are "label … value" lines; cells without a label (the row's title,
        // its actions) are plain blocks.
        label
          ? "max-sm:flex max-sm:items-start max-sm:justify-between max-sm:gap-4 max-sm:text-right max-sm:before:shrink-0 max-sm:before:pt-0.5 max-sm:before:text-left max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-zinc-500 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-zinc-400"
          : "max-sm:block max-sm:text-left",
        className,
      )}
      {...rest}
    />
  );
}
