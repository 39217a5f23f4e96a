"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { DisclosureMenu, menuItemClasses } from "@/components/ui/disclosure-menu";
import { CheckIcon, ChevronsIcon, PlusIcon } from "@/components/ui/icons";

export type OrgOption = { id: string; name: string; role: "admin" | "member" | "door_staff" };

/** Switches organization while staying on the same section (API keys → API keys of the other org). */
export function OrgSwitcher({ orgs, currentOrgId }: { orgs: OrgOption[]; currentOrgId: string }) {
  const pathname = usePathname();
  const current = orgs.find((org) => org.id === currentOrgId);
  const section = pathname.split("/").slice(3).join("/");
  const hrefFor = (orgId: string) => `/console/${orgId}${section ? `/${section}` : ""}`;
  return (
    <DisclosureMenu
      testId="org-switcher"
      buttonClassName="max-w-[11rem] px-2 py-1.5 text-sm font-medium text-zinc-900 hover:bg-zinc-100 sm:max-w-xs dark:text-zinc-100 dark:hover:bg-zinc-800"
      button={
        <>
          {/* Named by its text (no aria-label), so what a voice-control user reads out matches. */}
          <span className="sr-only">Organization: </span>
          <span aria-hidden="true" className="flex size-5 shrink-0 items-center justify-center rounded bg-indigo-100 text-[11px] font-semibold text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200">
            {(current?.name ?? "?").slice(0, 1).toUpperCase()}
          </span>
          <span className="truncate">{current?.name ?? "none"}</span>
          <span className="sr-only">. Switch organization</span>
          <ChevronsIcon className="size-3.5 shrink-0 text-zinc-500" />
        </>
      }
    >
      {(close) => (
        <div>
          <p className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">Organizations</p>
          <ul>
            {orgs.map((org) => (
              <li key={org.id}>
                <Link
                  href={hrefFor(org.id)}
                  onClick={close}
                  aria-current={org.id === currentOrgId ? "true" : undefined}
                  className={menuItemClasses}
                >
                  <span className="min-w-0 flex-1 truncate">{org.name}</span>
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">{org.role === "admin" ? "Admin" : "Member"}</span>
                  {org.id === currentOrgId ? (
                    <CheckIcon className="size-4 text-indigo-600 dark:text-indigo-400" />
                  ) : (
                    <span className="size-4" />
                  )}
                </Link>
              </li>
            ))}
          </ul>
          <div className="my-1 border-t border-zinc-200 dark:border-zinc-700" />
          <Link href="/console/new" onClick={close} className={menuItemClasses}>
            <PlusIcon className="size-4" />
            Create organization
          </Link>
        </div>
      )}
    </DisclosureMenu>
  );
}
