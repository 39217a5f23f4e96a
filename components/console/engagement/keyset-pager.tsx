import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

/**
 * "First page" / "Next page" for one keyset-paged list of a page that holds several: the
 * list's cursor is its own query parameter, the others are kept, so any page of any list
 * is a link that can be shared. The links land on the list's panel (#anchor).
 */
export function KeysetPager({
  path,
  query,
  param,
  next,
  label,
  anchor,
}: {
  path: string;
  query: Record<string, string>;
  param: string;
  next: string | null;
  label: string;
  anchor: string;
}) {
  const onLaterPage = Boolean(query[param]);
  if (!next && !onLaterPage) return null;
  const href = (cursor: string | null) => {
    const params = new URLSearchParams(Object.entries(query).filter(([name, value]) => name !== param && value));
    if (cursor) params.set(param, cursor);
    return `${path}${params.size ? `?${params}` : ""}#${anchor}`;
  };
  return (
    <nav aria-label={label} className="flex justify-end gap-2 px-4 py-3 sm:px-6">
      {onLaterPage ? (
        <Link className={buttonClasses("secondary", "sm")} href={href(null)}>
          First page
        </Link>
      ) : null}
      {next ? (
        <Link className={buttonClasses("secondary", "sm")} href={href(next)} rel="next" data-testid={`${anchor}-next`}>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
