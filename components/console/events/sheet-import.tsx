"use client";

import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { FieldError, inputClasses } from "@/components/ui/field";
import { emptyDraft, mappingInput, type FieldDraft, type TransformDraft } from "@/lib/console/mapping-draft";
import type { SheetColumns } from "@/lib/console/sheet-import-request";
import type { SheetImportResult } from "@/lib/domain/imports/sheet-import";
import { MappingSection } from "@/components/console/data-sources/mapping-section";
import { useSourceDraft } from "@/components/console/data-sources/use-source-draft";

// Spreadsheet import of guests: choose a file, check the suggested mapping (the data-source
// mapping editor itself), preview, then run. The file stays in the browser and is sent
// with each step; the server keeps nothing between steps.

type Answer<T> = { ok: true; data: T } | { ok: false; code: string; message: string; fields?: Record<string, string> };

const COUNT_LABELS = [
  ["created", "Will be created"],
  ["updated", "Will be updated"],
  ["unchanged", "Unchanged"],
  ["refused", "Refused"],
  ["excluded", "Left out by skip rules"],
] as const;

export function SheetImport({ orgId, eventId, timezone }: { orgId: string; eventId: string; timezone: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { draft, errors, edit, showErrors, setErrors } = useSourceDraft(emptyDraft("attendees", eventId), formRef);
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<SheetColumns | null>(null);
  const [sheet, setSheet] = useState("");
  const [preview, setPreview] = useState<SheetImportResult | null>(null);
  const [done, setDone] = useState<SheetImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<"columns" | "preview" | "run" | null>(null);
  const id = useId();
  const pathsListId = `${id}-columns`;

  async function send<T>(step: "columns" | "preview" | "run", chosen: File, sheetName: string): Promise<T | null> {
    const form = new FormData();
    form.set("step", step);
    form.set("file", chosen);
    if (sheetName) form.set("sheet", sheetName);
    if (step !== "columns") form.set("mapping", JSON.stringify(mappingInput(draft)));
    setBusy(step);
    setProblem(null);
    try {
      const response = await fetch(`/console/${orgId}/events/${eventId}/guests/import/file`, { method: "POST", body: form });
      const answer = (await response.json()) as Answer<T>;
      if (answer.ok) return answer.data;
      setProblem(answer.message);
      if (answer.fields) showErrors(answer.fields);
      return null;
    } catch {
      setProblem("The server could not be reached. Check your connection and try again.");
      return null;
    } finally {
      setBusy(null);
    }
  }

  async function readColumns(chosen: File, sheetName: string) {
    setPreview(null);
    setDone(null);
    setErrors(() => ({}));
    const answer = await send<SheetColumns>("columns", chosen, sheetName);
    setColumns(answer);
    if (!answer) return;
    edit((next) => {
      for (const name of Object.keys(next.fields)) {
        const suggested = answer.suggestion.fields[name as keyof typeof answer.suggestion.fields];
        next.fields[name] = suggested
          ? ({ path: suggested.path, transforms: (suggested.transform ?? []).map((t) => ({ op: (t as { op: string }).op }) as TransformDraft), defaultValue: "" } satisfies FieldDraft)
          : { path: "", transforms: [], defaultValue: "" };
      }
    }, "mapping");
  }

  return (
    <div className="space-y-6" data-testid="sheet-import">
      <div>
        <label htmlFor={`${id}-file`} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          Spreadsheet (CSV or Excel .xlsx, up to 10 MB and 50,000 rows)
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className={`mt-1.5 ${inputClasses}`}
          aria-describedby={`${id}-file-hint`}
          data-testid="sheet-file"
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0] ?? null;
            setFile(chosen);
            setSheet("");
            if (chosen) void readColumns(chosen, "");
          }}
        />
        <p id={`${id}-file-hint`} className="mt-1.5 text-xs text-zinc-600 dark:text-zinc-400">
          The first row names the columns. Guests are matched by email: new addresses are added, known ones updated; nobody is removed, and status and badge
          codes never change.
        </p>
      </div>

      <div aria-live="polite">
        {problem ? (
          <Callout tone="danger" title="The file cannot be imported" data-testid="sheet-problem">
            {problem}
          </Callout>
        ) : null}
      </div>

      {file && columns ? (
        <form
          ref={formRef}
          noValidate
          aria-label="Map and preview"
          className="space-y-6"
          onSubmit={async (event) => {
            event.preventDefault();
            setDone(null);
            setPreview(await send<SheetImportResult>("preview", file, sheet));
          }}
        >
          <datalist id={pathsListId}>
            {columns.columns.map((column) => (
              <option key={column} value={column} />
            ))}
          </datalist>
          <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="sheet-summary">
            {columns.rows.toLocaleString("en")} {columns.rows === 1 ? "row" : "rows"} · columns: {columns.headers.join(", ")}
          </p>
          {columns.sheetNames.length > 1 ? (
            <div className="max-w-xs">
              <label htmlFor={`${id}-sheet`} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
                Sheet
              </label>
              <select
                id={`${id}-sheet`}
                className={`mt-1.5 ${inputClasses}`}
                value={sheet || columns.sheet || ""}
                onChange={(event) => {
                  const name = event.currentTarget.value;
                  setSheet(name);
                  void readColumns(file, name);
                }}
              >
                {columns.sheetNames.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <MappingSection draft={draft} errors={errors} event={{ id: eventId, name: "", status: "published", timezone }} edit={edit} pathsListId={pathsListId} zonesListId={`${id}-zones`} />
          <FieldError id={`${id}-mapping-error`}>{errors.mapping}</FieldError>
          <Button type="submit" pending={busy === "preview"} pendingLabel="Previewing…" data-testid="sheet-preview">
            Preview import
          </Button>
        </form>
      ) : null}

      {preview && file ? (
        <section aria-labelledby={`${id}-preview-title`} className="space-y-4" data-testid="sheet-preview-result">
          <h2 id={`${id}-preview-title`} className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
            {done ? "Imported" : "Preview: nothing is written yet"}
          </h2>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {COUNT_LABELS.map(([key, label]) => (
              <div key={key} className="min-w-0">
                <dt className="text-xs text-zinc-600 dark:text-zinc-400">{done && key !== "refused" && key !== "excluded" ? label.replace("Will be ", "") : label}</dt>
                <dd className="text-lg font-semibold tabular-nums text-zinc-900 dark:text-zinc-100" data-testid={`count-${key}`}>
                  {(done ?? preview).counts[key].toLocaleString("en")}
                </dd>
              </div>
            ))}
          </dl>
          {(done ?? preview).refused.length > 0 ? (
            <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800" tabIndex={0} role="region" aria-label="Refused rows">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Refused rows: row number, value and reason</caption>
                <thead className="bg-zinc-50 text-xs text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
                  <tr>
                    <th scope="col" className="px-3 py-2">Row</th>
                    <th scope="col" className="px-3 py-2">Value</th>
                    <th scope="col" className="px-3 py-2">Reason</th>
                  </tr>
                </thead>
                <tbody>
                  {(done ?? preview).refused.map((row) => (
                    <tr key={`${row.row}-${row.reason}`} className="border-t border-zinc-200 dark:border-zinc-800" data-testid="refused-row">
                      <td className="px-3 py-2 tabular-nums">{row.row}</td>
                      <td className="px-3 py-2 break-all">{row.value ?? ""}</td>
                      <td className="px-3 py-2">{row.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {done ? (
            <p className="text-sm text-emerald-700 dark:text-emerald-400" role="status" data-testid="sheet-done">
              Import finished.
            </p>
          ) : (
            <Button
              type="button"
              pending={busy === "run"}
              pendingLabel="Importing…"
              data-testid="sheet-run"
              onClick={async () => {
                const result = await send<SheetImportResult>("run", file, sheet);
                if (result) setDone(result);
              }}
            >
              Import {(preview.counts.created + preview.counts.updated).toLocaleString("en")} guests
            </Button>
          )}
        </section>
      ) : null}
    </div>
  );
}
