import { cx, focusRing } from "@/components/ui/cx";
import type { DeliveryLogEntry } from "@/lib/domain/webhooks/delivery-log";

type Attempt = DeliveryLogEntry["attempts"][number];

/** A scrolling code block a keyboard can reach (tabIndex) and a screen reader can name. */
function CodeBlock({ caption, label, children, testId }: { caption: string; label: string; children: string; testId: string }) {
  return (
    <>
      <p className="mt-1.5 text-zinc-500 dark:text-zinc-400">{caption}</p>
      <pre
        tabIndex={0}
        aria-label={label}
        data-testid={testId}
        className={cx(
          "mt-1 max-h-48 overflow-auto rounded bg-zinc-100 p-2 font-mono whitespace-pre-wrap break-all text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200",
          focusRing,
        )}
      >
        {children}
      </pre>
    </>
  );
}

function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * What one attempt sent and got back, behind a disclosure: the headers sent (the
 * signature is a MAC, not the secret), the body (the event's, the same on every attempt),
 * and the status, headers and first 2 KB of the body received.
 */
export function AttemptDetail({ attempt, requestBody }: { attempt: Attempt; requestBody: string }) {
  const n = attempt.attemptNumber;
  const sentHeaders = attempt.requestHeaders
    ? Object.entries(attempt.requestHeaders)
        .map(([name, value]) => `${name}: ${value}`)
        .join("\n")
    : null;
  return (
    <details className="mt-1.5" data-testid="attempt-detail">
      <summary className={cx("cursor-pointer rounded text-zinc-600 dark:text-zinc-400", focusRing)}>
        Request and response<span className="sr-only"> of attempt {n}</span>
      </summary>
      <div className="mt-2 space-y-3">
        <section aria-label={`Request of attempt ${n}`}>
          <p className="font-medium text-zinc-900 dark:text-zinc-100">Request sent</p>
          {sentHeaders ? (
            <CodeBlock caption="Headers" label={`Request headers of attempt ${n}`} testId="request-headers">
              {sentHeaders}
            </CodeBlock>
          ) : (
            <p className="mt-1 text-zinc-500 dark:text-zinc-400">No headers recorded for this attempt.</p>
          )}
          <CodeBlock caption="Body" label={`Request body of attempt ${n}`} testId="request-body">
            {prettyJson(requestBody)}
          </CodeBlock>
        </section>
        <section aria-label={`Response to attempt ${n}`}>
          <p className="font-medium text-zinc-900 dark:text-zinc-100">
            Response received{attempt.statusCode !== null ? <>: HTTP {attempt.statusCode}</> : null}
          </p>
          {attempt.statusCode === null ? <p className="mt-1 text-zinc-500 dark:text-zinc-400">No response.</p> : null}
          {attempt.responseHeaders ? (
            <CodeBlock caption="Headers (first 2 KB)" label={`Response headers of attempt ${n} (first 2 KB)`} testId="response-headers">
              {attempt.responseHeaders}
            </CodeBlock>
          ) : null}
          {attempt.responseSnippet ? (
            <CodeBlock caption="Body (first 2 KB)" label={`Response body of attempt ${n} (first 2 KB)`} testId="response-body">
              {attempt.responseSnippet}
            </CodeBlock>
          ) : attempt.statusCode !== null ? (
            <p className="mt-1 text-zinc-500 dark:text-zinc-400">Empty response body.</p>
          ) : null}
        </section>
      </div>
    </details>
  );
}
