import Link from "next/link";
import type { ReactNode } from "react";
import { LogoMark } from "@/components/ui/icons";

/** The centred card of the sign-in, sign-up, invite and new-organization pages. */
export function AuthCard({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-zinc-50 px-4 py-10 sm:py-16 dark:bg-zinc-950">
      {/* In a banner landmark, so all content sits in a landmark. */}
      <header className="mb-8">
        <Link href="/" className="flex items-center gap-2 rounded-md text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          <LogoMark className="size-7" />
          Integrations
        </Link>
      </header>
      <main id="main-content" className="w-full max-w-md">
        <div className="rounded-2xl border border-zinc-200 bg-white px-5 py-7 shadow-sm sm:px-8 dark:border-zinc-800 dark:bg-zinc-900">
          <h1 tabIndex={-1} className="text-xl font-semibold tracking-tight text-zinc-900 outline-none dark:text-zinc-50">
            {title}
          </h1>
          {description ? <div className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">{description}</div> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">{footer}</div> : null}
      </main>
    </div>
  );
}
