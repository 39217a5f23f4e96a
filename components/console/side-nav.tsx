"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { cx, focusRing } from "@/components/ui/cx";
import { BookIcon, CalendarIcon, CardIcon, DatabaseIcon, ExternalIcon, HistoryIcon, HomeIcon, KeyIcon, UsersIcon, WebhookIcon } from "@/components/ui/icons";

const ITEMS = [
  { segment: "", label: "Overview", Icon: HomeIcon },
  { segment: "events", label: "Events", Icon: CalendarIcon },
  { segment: "api-keys", label: "API keys", Icon: KeyIcon },
  { segment: "webhooks", label: "Webhooks", Icon: WebhookIcon },
  { segment: "data-sources", label: "Data sources", Icon: DatabaseIcon },
  { segment: "members", label: "Members", Icon: UsersIcon },
  { segment: "billing", label: "Billing", Icon: CardIcon },
  { segment: "audit", label: "Audit log", Icon: HistoryIcon, adminOnly: true },
] as const;

/**
 * The console sections. A column on wide screens; on phones a row that scrolls sideways
 * under the header, so every section stays one tap away without a hidden menu.
 */
export function SideNav({ orgId, doorStaff = false, admin = false }: { orgId: string; doorStaff?: boolean; admin?: boolean }) {
  const pathname = usePathname();
  const navRef = useRef<HTMLElement>(null);
  const base = `/console/${orgId}`;
  // On phones the row scrolls sideways: bring the current section into view.
  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const reveal = () => {
      const current = nav.querySelector<HTMLElement>('[aria-current="page"]');
      if (current && nav.scrollWidth > nav.clientWidth) {
        nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
      }
    };
    reveal();
    const observer = new ResizeObserver(reveal);
    observer.observe(nav);
    return () => observer.disconnect();
  }, [pathname]);
  const linkClass = (active: boolean) =>
    cx(
      "flex shrink-0 items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
      focusRing,
      active
        ? "bg-zinc-200/70 text-zinc-900 dark:bg-zinc-800 dark:text-white"
        : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/60 dark:hover:text-zinc-100",
    );
  return (
    <nav ref={navRef} aria-label="Console" className="relative flex gap-1 overflow-x-auto px-3 py-2 md:flex-col md:overflow-visible md:px-3 md:py-4">
      {ITEMS.filter((item) => (doorStaff ? item.segment === "events" : admin || !("adminOnly" in item))).map(({ segment, label, Icon }) => {
        const href = segment ? `${base}/${segment}` : base;
        const active = segment ? pathname === href || pathname.startsWith(`${href}/`) : pathname === base;
        return (
          <Link key={label} href={href} aria-current={active ? "page" : undefined} className={linkClass(active)}>
            <Icon className={cx("size-4", active ? "text-indigo-600 dark:text-indigo-400" : "opacity-80")} />
            {label}
          </Link>
        );
      })}
      <div className="hidden md:my-3 md:block md:border-t md:border-zinc-200 md:dark:border-zinc-800" />
      <a href="/partner/v1/docs" target="_blank" rel="noopener" className={linkClass(false)}>
        <BookIcon className="size-4 opacity-80" />
        API reference
        <ExternalIcon className="size-3 opacity-60" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </nav>
  );
}
