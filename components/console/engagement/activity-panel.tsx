import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { Panel } from "@/components/ui/panel";

/** One read-only engagement list: its table, or what to do when it is empty, then its pager. */
export function ActivityPanel({
  id,
  title,
  description,
  empty,
  children,
  pager,
  actions,
}: {
  id: string;
  title: string;
  description: ReactNode;
  /** Shown instead of the table when there are no rows. */
  empty: { title: string; next: ReactNode } | null;
  children: ReactNode;
  pager: ReactNode;
  /** Header controls (the list's Export). */
  actions?: ReactNode;
}) {
  return (
    <Panel title={title} id={id} description={description} actions={actions}>
      {empty ? <EmptyState title={empty.title}>{empty.next}</EmptyState> : children}
      {pager}
    </Panel>
  );
}
