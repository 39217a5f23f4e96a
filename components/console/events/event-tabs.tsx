"use client";

import Link from "next/link";
import { useSelectedLayoutSegment } from "next/navigation";
import { cx, focusRing } from "@/components/ui/cx";

const TABS = [
  { segment: null, label: "Overview" },
  { segment: "programme", label: "Programme" },
  { segment: "guests", label: "Guest list" },
  { segment: "engagement", label: "Engagement" },
] as const;

/** The event page's sections; each is its own route so a tab is a link that can be shared. */
export function EventTabs({ base, guestListOnly = false }: { base: string; guestListOnly?: boolean }) {
  const selected = useSelectedLayoutSegment();
  return (
    <nav aria-label="Event sections" className="flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
      {TABS.filter((tab) => !guestListOnly || tab.segment === "guests").map((tab) => {
        const current = tab.segment === null ? selected === null : selected === tab.segment;
        return (
          <Link
            key={tab.label}
            href={tab.segment === null ? base : `${base}/${tab.segment}`}
            aria-current={current ? "page" : undefined}
            className={cx(
              "shrink-0 border-b-2 px-3 py-2 text-sm font-medium",
              current ? "border-indigo-600 text-indigo-700 dark:text-indigo-300" : "border-transparent text-zinc-600 dark:text-zinc-400",
              focusRing,
            )}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
