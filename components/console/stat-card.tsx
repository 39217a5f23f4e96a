import Link from "next/link";
import type { ReactNode } from "react";
import { cx, focusRing } from "@/components/ui/cx";

/** A count on the overview, linking to its page. */
export function StatCard({ label, value, detail, href, icon }: { label: string; value: number; detail: ReactNode; href: string; icon: ReactNode }) {
  return (
    <Link
      href={href}
      className={cx(
        "block min-w-0 rounded-xl border border-zinc-200 bg-white p-3.5 shadow-xs sm:p-4 transition-colors hover:border-zinc-300 dark:border-zinc-800 dark:bg-zinc-900/60 dark:hover:border-zinc-700",
        focusRing,
      )}
    >
      <span className="flex items-start justify-between gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <span className="min-w-0">{label}</span>
        <span className="text-zinc-400 dark:text-zinc-500">{icon}</span>
      </span>
      <span className="mt-2 block text-2xl font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-zinc-50" data-testid={`stat-${label}`}>
        {value}
      </span>
      <span className="mt-1 block text-xs text-zinc-500 dark:text-zinc-400">{detail}</span>
    </Link>
  );
}
