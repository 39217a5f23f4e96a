import type { ReactNode } from "react";
import { cx, focusRing } from "./cx";

/**
 * Preformatted code that scrolls sideways when its lines are longer than the screen. A
 * scrolling region must be reachable by keyboard to be scrolled without a mouse, so it is
 * focusable and named (a labelled region), as data tables are.
 */
export function CodeBlock({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <pre
      tabIndex={0}
      role="region"
      aria-label={label}
      className={cx("overflow-x-auto rounded-md bg-zinc-900 px-3 py-2 font-mono text-xs leading-5 text-zinc-100 dark:bg-black", focusRing, className)}
    >
      <code>{children}</code>
    </pre>
  );
}
