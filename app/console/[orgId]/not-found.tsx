import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** A mistyped address inside an organization the user belongs to: the shell stays, so navigation is at hand. */
export default function OrgPageNotFound() {
  return (
    <div className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900/60">
      <h1 tabIndex={-1} className="sr-only">
        Page not found
      </h1>
      <EmptyState title="Page not found" action={<ButtonLink href="/console">Go to the overview</ButtonLink>}>
        There is nothing at this address. Use the navigation to find API keys, webhooks, data sources, members and billing.
      </EmptyState>
    </div>
  );
}
