"use client";

import { buttonClasses } from "@/components/ui/button";
import { DisclosureMenu, menuItemClasses } from "@/components/ui/disclosure-menu";

/**
 * "Export" with the two formats as plain download links: the file is streamed by the
 * export route with the list's current filters in `query`, and the browser saves it under
 * the name the route gives (Content-Disposition).
 */
export function ExportMenu({ href, query = {}, label, testId = "export" }: { href: string; query?: Record<string, string>; label: string; testId?: string }) {
  const link = (format: "csv" | "xlsx") => `${href}?${new URLSearchParams({ format, ...Object.fromEntries(Object.entries(query).filter(([, value]) => value)) })}`;
  return (
    <DisclosureMenu
      button={<>Export<span className="sr-only"> {label}</span></>}
      buttonClassName={buttonClasses("secondary", "sm")}
      align="right"
      // On a phone the button sits at the left of the panel header: open the menu rightwards there.
      panelClassName="w-48 max-sm:right-auto max-sm:left-0"
      testId={testId}
    >
      {(close) => (
        <>
          <a href={link("csv")} download className={menuItemClasses} onClick={close} data-testid={`${testId}-csv`}>CSV (.csv)</a>
          <a href={link("xlsx")} download className={menuItemClasses} onClick={close} data-testid={`${testId}-xlsx`}>Excel (.xlsx)</a>
        </>
      )}
    </DisclosureMenu>
  );
}
