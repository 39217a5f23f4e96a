import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { DatabaseIcon, KeyIcon, LogoMark, WebhookIcon } from "@/components/ui/icons";
import { getSessionUser } from "@/lib/auth/session";

const FEATURES = [
  { title: "Pull", Icon: KeyIcon, text: "Read events, programme, guest list and engagement over the Partner API with scoped keys." },
  { title: "Push", Icon: WebhookIcon, text: "Receive a signed webhook when attendees, sessions or check-ins change." },
  { title: "Import", Icon: DatabaseIcon, text: "Map your own JSON API onto attendees or sessions, on demand or on a schedule." },
];

export default async function Home() {
  const user = await getSessionUser();
  return (
    <div className="min-h-screen bg-zinc-50 dark:bg-zinc-950">
      <header className="mx-auto flex max-w-5xl items-center justify-between px-6 py-5">
        <span className="flex items-center gap-2 text-sm font-semibold">
          <LogoMark className="size-7" />
          Integrations
        </span>
        <nav aria-label="Account" className="flex gap-2">
          {user ? (
            <Link className={buttonClasses("secondary", "sm")} href="/console">
              Open the console
            </Link>
          ) : (
            <>
              <Link className={buttonClasses("ghost", "sm")} href="/sign-in">
                Sign in
              </Link>
              <Link className={buttonClasses("primary", "sm")} href="/sign-up">
                Create account
              </Link>
            </>
          )}
        </nav>
      </header>
      <main id="main-content" className="mx-auto max-w-5xl px-6 pt-12 pb-20 sm:pt-20">
        <h1 className="max-w-2xl text-4xl font-semibold tracking-tight text-balance text-zinc-900 sm:text-5xl dark:text-white">
          Connect your events to the tools you already use
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-zinc-600 dark:text-zinc-400">
          Connect your CRM, badge printer, lead-retrieval app or data warehouse to your events: pull with the Partner API,
          receive signed webhooks, or import attendees and sessions from your own systems.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link className={buttonClasses("primary")} href="/console">
            Open the console
          </Link>
          {/* A route handler, not a page: a plain link loads it as a document. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a className={buttonClasses("secondary")} href="/partner/v1/docs">
            API reference
          </a>
        </div>
        <ul className="mt-16 grid gap-4 sm:grid-cols-3">
          {FEATURES.map(({ title, Icon, text }) => (
            <li key={title} className="rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900/60">
              <Icon className="size-5 text-indigo-600 dark:text-indigo-400" />
              <h2 className="mt-3 text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</h2>
              <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{text}</p>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
