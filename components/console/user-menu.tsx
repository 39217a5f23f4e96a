"use client";

import Link from "next/link";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { DisclosureMenu, menuItemClasses } from "@/components/ui/disclosure-menu";
import { SignOutIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";

function initials(name: string, email: string): string {
  const source = name.trim() || email;
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts[1]?.[0] ?? "")).toUpperCase() || "?";
}

/** `signOutEverywhere` ends every session of the user on the server (a server action). */
export function UserMenu({ name, email, signOutEverywhere }: { name: string; email: string; signOutEverywhere: () => Promise<void> }) {
  const [signingOut, setSigningOut] = useState<"here" | "everywhere" | null>(null);
  return (
    <DisclosureMenu
      testId="user-menu"
      align="right"
      buttonClassName="p-0.5"
      button={
        <>
          {/* Named by its text, not an aria-label the visible initials are not part of. */}
          <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 text-xs font-semibold text-white">
            {initials(name, email)}
          </span>
          <span className="sr-only">Account: {email}</span>
        </>
      }
    >
      {() => (
        <div>
          <div className="px-2.5 py-2">
            {name ? <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{name}</p> : null}
            <p className="truncate text-sm text-zinc-500 dark:text-zinc-400">{email}</p>
          </div>
          <div className="my-1 border-t border-zinc-200 dark:border-zinc-700" />
          <Link href="/console/account" className={menuItemClasses}>
            Your account and password
          </Link>
          <button
            type="button"
            className={menuItemClasses}
            disabled={signingOut !== null}
            onClick={() => {
              setSigningOut("here");
              // No redirect from next-auth: its target depends on NEXTAUTH_URL matching
              // the address in use; going to a relative path always lands on this site.
              // A full navigation also drops the client router's cache of console pages.
              // eslint-disable-next-line @next/next/no-location-assign-relative-destination
              void signOut({ redirect: false }).then(() => window.location.assign("/sign-in"));
            }}
          >
            {signingOut === "here" ? <Spinner /> : <SignOutIcon className="size-4" />}
            {signingOut === "here" ? "Signing out…" : "Sign out"}
          </button>
          <button
            type="button"
            className={menuItemClasses}
            disabled={signingOut !== null}
            onClick={() => {
              setSigningOut("everywhere");
              // Every session of the account ends on the server first; then this browser's cookie goes.
              void signOutEverywhere()
                .then(() => signOut({ redirect: false }))
                // eslint-disable-next-line @next/next/no-location-assign-relative-destination
                .then(() => window.location.assign("/sign-in"))
                .catch(() => setSigningOut(null));
            }}
          >
            {signingOut === "everywhere" ? <Spinner /> : <SignOutIcon className="size-4" />}
            {signingOut === "everywhere" ? "Signing out everywhere…" : "Sign out everywhere"}
          </button>
        </div>
      )}
    </DisclosureMenu>
  );
}
