import Link from "next/link";
import type { PageInfo } from "@/lib/console/pagination";
import { buttonClasses } from "./button";

/**
 * "Showing 26–50 of 130" with previous/next links that set ?page=. `pageHref` builds the
 * links instead when a page keeps other query parameters (filters).
 */
export function Pagination({
  info,
  basePath,
  label,
  pageHref,
  noun = ["item", "items"],
}: {
  info: PageInfo;
  basePath: string;
  label: string;
  pageHref?: (page: number) => string;
  noun?: [singular: string, plural: string];
}) {
  if (info.total <= info.pageSize) {
    return info.total > 0 ? (
      <p className="px-4 py-3 text-xs text-zinc-500 sm:px-6 dark:text-zinc-400">
        {info.total} {info.total === 1 ? noun[0] : noun[1]}
      </p>
    ) : null;
  }
  const href = pageHref ?? ((page: number) => (page <= 1 ? basePath : `${basePath}?page=${page}`));
  const disabled = "pointer-events-none opacity-40";
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6">
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Showing <span className="font-medium text-zinc-700 dark:text-zinc-200">{info.from}</span>–
        <span className="font-medium text-zinc-700 dark:text-zinc-200">{info.to}</span> of{" "}
        <span className="font-medium text-zinc-700 dark:text-zinc-200">{info.total}</span>
      </p>
      <div className="flex gap-2">
        {info.page > 1 ? (
          <Link className={buttonClasses("secondary", "sm")} href={href(info.page - 1)} rel="prev">
            Previous
          </Link>
        ) : (
          <span className={buttonClasses("secondary", "sm", disabled)} aria-disabled="true">
            Previous
          </span>
        )}
        {info.page < info.lastPage ? (
          <Link className={buttonClasses("secondary", "sm")} href={href(info.page + 1)} rel="next">
            Next
          </Link>
        ) : (
          <span className={buttonClasses("secondary", "sm", disabled)} aria-disabled="true">
            Next
          </span>
        )}
      </div>
    </nav>
  );
}
