import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import { formatDateTime } from "@/lib/console/format-time";
import { summaryLines } from "@/lib/console/audit-log";
import { describeAction, describeTargetType } from "@/lib/domain/audit/actions";
import type { AuditEntryView } from "@/lib/domain/audit/list-entries";

function actorText(actor: AuditEntryView["actor"]): string {
  if (actor.type === "operator") return "Operator (CLI)";
  if (actor.type === "stripe") return "Stripe";
  return actor.label;
}

/** One row per entry: when, who, what in words, on what, and what changed. */
export function AuditTable({ entries, timeZone }: { entries: AuditEntryView[]; timeZone: string }) {
  return (
    <Table label="Audit log" minWidth="56rem">
      <THead>
        <Th>Time</Th>
        <Th>Who</Th>
        <Th>Action</Th>
        <Th>Target</Th>
        <Th>Changes</Th>
      </THead>
      <TBody>
        {entries.map((entry) => {
          const lines = summaryLines(entry.summary);
          return (
            <Tr key={entry.id} data-testid="audit-row" data-action={entry.action}>
              <Td className="whitespace-nowrap align-top">
                <time dateTime={entry.at.toISOString()}>{formatDateTime(entry.at, timeZone)}</time>
              </Td>
              <Td label="Who" className="align-top break-all">
                {actorText(entry.actor)}
              </Td>
              <Td label="Action" className="align-top font-medium text-zinc-900 dark:text-zinc-100">
                {describeAction(entry.action)}
              </Td>
              <Td label="Target" className="align-top">
                <div className="text-xs text-zinc-600 dark:text-zinc-400">{describeTargetType(entry.target.type)}</div>
                <div className="break-all">{entry.target.label ?? entry.target.id ?? "—"}</div>
              </Td>
              <Td label="Changes" className="align-top">
                {lines.length === 0 ? (
                  <span className="text-zinc-600 dark:text-zinc-400">—</span>
                ) : (
                  <ul className="space-y-0.5">
                    {lines.map((line) => (
                      <li key={line.field} className="break-words">
                        <span className="text-zinc-600 dark:text-zinc-400">{line.field}:</span> {line.text}
                      </li>
                    ))}
                  </ul>
                )}
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
