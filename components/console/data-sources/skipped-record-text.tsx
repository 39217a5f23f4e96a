import type { ImportTarget } from "@/lib/domain/imports/mapping";
import { fieldLabel } from "@/lib/domain/imports/mapping";
import { reasonWithoutField, skippedRecordLabel, type SkippedRecord } from "@/lib/domain/imports/skipped-record";

/**
 * One skipped record, worded the same in the sample and the run history: its number in
 * the pull, the field at fault by its label, the partner's value (text, bounded by the
 * library) and the reason. No hooks: used by server and client components alike.
 */
export function SkippedRecordText({ skip, target, withNumber = true }: { skip: SkippedRecord; target: ImportTarget; withNumber?: boolean }) {
  const reason = reasonWithoutField(skip);
  // Most mapping reasons quote the value already; it is not repeated then.
  const showValue = skip.value !== undefined && !reason.includes(`"${skip.value}"`);
  return (
    <span className="min-w-0 break-words" data-testid="skipped-record" data-record={skip.index + 1}>
      {withNumber ? <span className="font-medium text-zinc-900 dark:text-zinc-100">{skippedRecordLabel(skip)}: </span> : null}
      {skip.field ? (
        <>
          <span className="font-medium" data-testid="skipped-field">
            {fieldLabel(target, skip.field)}
          </span>
          {showValue ? (
            <>
              {" "}
              <q className="rounded bg-zinc-100 px-1 font-mono text-[0.85em] break-all dark:bg-zinc-800" data-testid="skipped-value">
                {skip.value}
              </q>
            </>
          ) : null}
          {" — "}
        </>
      ) : null}
      {reason}
    </span>
  );
}
