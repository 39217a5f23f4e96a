import Link from "next/link";
import type { ReactNode } from "react";
import { OrgSwitcher } from "@/components/console/org-switcher";
import { SideNav } from "@/components/console/side-nav";
import { TimeZoneCookie } from "@/components/console/time-zone-cookie";
import { UserMenu } from "@/components/console/user-menu";
import { Badge } from "@/components/ui/badge";
import { LogoMark } from "@/components/ui/icons";
import { ToastProvider } from "@/components/ui/toast";
import { listUserOrganizations, requireGuestListViewer } from "@/lib/console/guard";
import { signOutEverywhereAction } from "@/app/console/account/actions";
import { FailureNoticeBanner } from "@/components/console/webhooks/failure-notice-banner";
import { acknowledgeFailureNoticeAction } from "./webhooks/notice-actions";

/**
 * The console shell. requireMember here keeps the shell of another organization from
 * rendering (404); each page and action checks again, since layouts are not re-run on
 * client navigation.
 */
export default async function OrgLayout({ children, params }: { children: ReactNode; params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const { user, membership } = await requireGuestListViewer(orgId);
  const orgs = await listUserOrganizations(user.id);
  return (
    <ToastProvider>
      <TimeZoneCookie />
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white text-sm font-medium text-zinc-900 shadow-lg ring-1 ring-zinc-200 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-3 focus:py-2 dark:bg-zinc-900 dark:text-white dark:ring-zinc-700"
      >
        Skip to content
      </a>
      <div className="flex min-h-screen flex-col bg-zinc-50 dark:bg-zinc-950">
        <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
          <div className="flex h-14 items-center gap-2 px-3 sm:px-4">
            <Link href="/console" className="flex shrink-0 items-center gap-2 rounded-md p-1 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
              <LogoMark className="size-6" />
              <span className="hidden sm:inline">Integrations</span>
              <span className="sr-only sm:hidden">Integrations console</span>
            </Link>
            <span aria-hidden="true" className="text-zinc-300 dark:text-zinc-700">
              /
            </span>
            <OrgSwitcher orgs={orgs} currentOrgId={orgId} />
            {membership.role === "member" ? (
              <Badge className="hidden sm:inline-flex">View only</Badge>
            ) : membership.role === "door_staff" ? (
              <Badge className="hidden sm:inline-flex">Door staff</Badge>
            ) : null}
            <div className="ml-auto flex items-center gap-1 sm:gap-3">
              {/* A route handler, not a page: a plain link loads it as a document. */}
              {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
              <a
                href="/partner/v1/docs"
                className="hidden rounded-md px-2 py-1.5 text-sm text-zinc-600 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 sm:inline dark:text-zinc-400 dark:hover:text-zinc-100"
              >
                Docs
              </a>
              <UserMenu name={user.name} email={user.email} signOutEverywhere={signOutEverywhereAction} />
            </div>
          </div>
        </header>
        <div className="flex flex-1 flex-col md:flex-row">
          <aside className="sticky top-14 z-20 border-b border-zinc-200 bg-white/95 backdrop-blur md:static md:w-56 md:shrink-0 md:border-r md:border-b-0 md:bg-transparent dark:border-zinc-800 dark:bg-zinc-950/95 md:dark:bg-transparent">
            <SideNav orgId={orgId} doorStaff={membership.role === "door_staff"} admin={membership.role === "admin"} />
          </aside>
          <main id="main-content" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-10 lg:py-8">
            <div className="mx-auto max-w-5xl space-y-6">
              {membership.role === "admin" ? <FailureNoticeBanner orgId={orgId} acknowledge={acknowledgeFailureNoticeAction} /> : null}
              {children}
            </div>
          </main>
        </div>
      </div>
    </ToastProvider>
  );
}
