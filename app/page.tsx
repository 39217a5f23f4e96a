import Link from "next/link";

export default function Home() {
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-6 py-20">
      <h1 className="text-3xl font-semibold tracking-tight">Integrations</h1>
      <p className="text-zinc-600 dark:text-zinc-400">
        Connect your CRM, badge printer, lead-retrieval app or data warehouse to your events: pull with the Partner
        API, receive signed webhooks, or import attendees and sessions from your own systems.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link className="rounded-md bg-zinc-900 px-4 py-2 text-sm font-medium text-white dark:bg-white dark:text-zinc-900" href="/console">
          Open the console
        </Link>
        <Link className="rounded-md border border-zinc-300 px-4 py-2 text-sm font-medium dark:border-zinc-700" href="/partner/v1/docs">
          API reference
        </Link>
      </div>
    </main>
  );
}
