"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import type { FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { Spinner } from "@/components/ui/spinner";
import type { ActionFailure, ActionResult } from "@/lib/console/action-result";
import { formatDateTime } from "@/lib/console/format-time";
import type { RunStart } from "@/lib/console/run-now";
import type { DataSourceRunView } from "@/lib/domain/imports/data-sources";
import type { ImportTarget } from "@/lib/domain/imports/mapping";
import { RunCounts, RunProblems, RunStatusBadge } from "./run-status";


/** What the panel is showing: a run (live while running), or a queued run waiting to start. */
type Watch = { run: DataSourceRunView | null; runId: string | null; since: Date | null };

const POLL_MS = 1500;
// A queued run that has not started after this long is left to the run history.
const QUEUED_FOR_MS = 120_000;

function duration(run: DataSourceRunView, now: number): string {
  const end = run.finishedAt ? new Date(run.finishedAt).getTime() : now;
  const seconds = Math.max(0, Math.round((end - new Date(run.startedAt).getTime()) / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

function finishedSentence(run: DataSourceRunView): string {
  const { created, updated, unchanged, skipped } = run.counts;
  const counts = `${created} created, ${updated} updated, ${unchanged} unchanged, ${skipped} skipped`;
  switch (run.status) {
    case "succeeded":
      return `Run succeeded: ${counts}.`;
    case "partial":
      return `Run finished with skipped records or at a limit: ${counts}.`;
    case "failed":
      // The fetch error is a sentence of its own, with its own full stop.
      return `Run failed${run.fetchError ? `: ${run.fetchError.replace(/[.\s]+$/, "")}` : ""}. ${counts[0].toUpperCase()}${counts.slice(1)}.`;
    case "skipped":
      return "Run skipped.";
    default:
      return `Running: ${run.counts.fetched} fetched so far.`;
  }
}

/**
 * "Run now" and the latest run with live progress: while a run is in progress the run row
 * is polled every 1.5 s (its counts are written after each batch) until it finishes. The
 * live region announces the start and the end only, not every count.
 */
export function RunPanel({
  orgId,
  dataSourceId,
  target,
  latest,
  runAction,
  progressAction,
  latestRunAction,
  disabledReason,
  canRun,
  timeZone,
}: {
  orgId: string;
  dataSourceId: string;
  target: ImportTarget;
  latest: DataSourceRunView | null;
  runAction: FormAction<RunStart>;
  progressAction: (orgId: string, runId: string) => Promise<ActionResult<DataSourceRunView>>;
  latestRunAction: (orgId: string, dataSourceId: string, since: Date) => Promise<ActionResult<DataSourceRunView | null>>;
  disabledReason: string | null;
  /** False for members: they see the latest run, not a Run now button. */
  canRun: boolean;
  /** The viewer's zone, from the server, so the first render matches. */
  timeZone: string;
}) {
  const router = useRouter();
  const [starting, startRun] = useTransition();
  const [watch, setWatch] = useState<Watch>({ run: latest, runId: latest?.status === "running" ? latest.id : null, since: null });
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [now, setNow] = useState(() => Date.now());

  // A newer run from the server (the page refreshed) replaces what is shown, unless we are
  // watching one (state derived from a prop during render, as React recommends).
  const [seenLatest, setSeenLatest] = useState(latest);
  if (latest !== seenLatest) {
    setSeenLatest(latest);
    if (!watch.runId && !watch.since) setWatch({ run: latest, runId: latest?.status === "running" ? latest.id : null, since: null });
  }

  const polling = watch.runId !== null || watch.since !== null;

  useEffect(() => {
    if (!polling) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      setNow(Date.now());
      try {
        if (watch.runId) {
          const answer = await progressAction(orgId, watch.runId);
          if (cancelled) return;
          if (!answer.ok) {
            setFailure(answer);
            setWatch((current) => ({ ...current, runId: null, since: null }));
            return;
          }
          const run = answer.data;
          if (run.status !== "running") {
            setWatch({ run, runId: null, since: null });
            setAnnouncement(finishedSentence(run));
            router.refresh();
            return;
          }
          setWatch((current) => ({ ...current, run }));
        } else if (watch.since) {
          const answer = await latestRunAction(orgId, dataSourceId, watch.since);
          if (cancelled) return;
          if (answer.ok && answer.data) {
            setWatch({ run: answer.data, runId: answer.data.status === "running" ? answer.data.id : null, since: null });
            if (answer.data.status !== "running") {
              setAnnouncement(finishedSentence(answer.data));
              router.refresh();
            } else {
              setAnnouncement("The run has started.");
            }
            return;
          }
          if (Date.now() - watch.since.getTime() > QUEUED_FOR_MS) {
            setWatch((current) => ({ ...current, since: null }));
            setAnnouncement("The run has not started yet. It will appear in the run history when it does.");
            return;
          }
        }
      } catch {
        // A dropped poll is retried on the next tick.
      }
      if (!cancelled) timer = setTimeout(tick, POLL_MS);
    };
    timer = setTimeout(tick, POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [polling, watch.runId, watch.since, orgId, dataSourceId, progressAction, latestRunAction, router]);

  // A form, like every mutation of the console: the server decides, whatever the page's buttons say.
  function runNow(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    setFailure(null);
    setAnnouncement("");
    startRun(async () => {
      try {
        const answer = await runAction(null, formData);
        if (!answer.ok) {
          setFailure(answer);
          return;
        }
        const started = answer.data;
        if (started.mode === "finished") {
          setWatch({ run: started.run, runId: null, since: null });
          setAnnouncement(finishedSentence(started.run));
          router.refresh();
        } else if (started.mode === "running" && started.runId) {
          setWatch({ run: null, runId: started.runId, since: null });
          setAnnouncement("The run has started.");
        } else {
          setWatch({ run: null, runId: null, since: new Date(started.requestedAt) });
          setAnnouncement(started.mode === "queued" ? "The run is queued." : "The run has started.");
        }
      } catch {
        setFailure({ ok: false, code: "NETWORK", message: "The server could not be reached. Check your connection and try again." });
      }
    });
  }

  const run = watch.run;
  const running = watch.runId !== null;
  return (
    <div className="space-y-4" data-testid="run-panel">
      {canRun ? (
      <form onSubmit={runNow} aria-label="Run now" className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <input type="hidden" name="orgId" value={orgId} />
        <input type="hidden" name="dataSourceId" value={dataSourceId} />
        <Button
          type="submit"
          pending={starting}
          pendingLabel="Starting run…"
          disabled={disabledReason !== null || running || watch.since !== null}
          aria-describedby={disabledReason ? "run-disabled-reason" : undefined}
          data-testid="run-now"
        >
          Run now
        </Button>
        {disabledReason ? (
          <p id="run-disabled-reason" className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="run-disabled-reason">
            {disabledReason}
          </p>
        ) : null}
        <FormStatus state={failure} hideSuccess />
      </form>
      ) : null}
      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="run-announcement">
        {announcement}
      </p>

      {watch.since && !run ? (
        <p className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300" data-testid="run-queued">
          <Spinner />
          Queued: waiting for the run to start…
        </p>
      ) : null}

      {run ? (
        <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-testid="latest-run" data-status={run.status} aria-busy={running || undefined}>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{running ? "Run in progress" : "Latest run"}</h3>
            <RunStatusBadge status={run.status} />
            {running ? <Spinner className="text-indigo-600 dark:text-indigo-400" /> : null}
            <span className="text-xs text-zinc-500 dark:text-zinc-400">
              {run.trigger === "schedule" ? "Scheduled" : "Manual"} · started {formatDateTime(new Date(run.startedAt), timeZone)} · {duration(run, now)}
            </span>
          </div>
          {run.status !== "skipped" ? <RunCounts counts={run.counts} className="mt-3 max-w-lg" /> : null}
          <div className="mt-3">
            <RunProblems run={run} target={target} />
          </div>
        </div>
      ) : !watch.since ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Not run yet. Run it now to import, or wait for its schedule.</p>
      ) : null}
    </div>
  );
}
