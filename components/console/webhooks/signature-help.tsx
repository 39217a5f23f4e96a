import { VERIFY_SNIPPET } from "@/lib/console/verify-snippet";
import { CodeBlock } from "@/components/ui/code-block";

// How a receiver verifies a delivery: the scheme of the spec (Events > Delivery) and a
// Node snippet (lib/console/verify-snippet.ts, tested against signPayload). No hooks:
// used by server pages and inside the client's one-time secret reveal.

const code = "font-mono text-xs";

/** The verification steps, for the help panel of the webhooks page. */
export function SignatureSteps() {
  return (
    <ol className="list-decimal space-y-1.5 pl-5 text-sm text-zinc-700 marker:text-zinc-400 dark:text-zinc-300">
      <li>
        Read the raw request body, before any JSON parsing, and the header{" "}
        <code className={code}>X-Service-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>.
      </li>
      <li>
        Compute HMAC-SHA256 with the endpoint’s signing secret over <code className={code}>&lt;t&gt;.&lt;raw body&gt;</code>{" "}
        and compare it, in constant time, with each <code className={code}>v1</code> value. After a secret roll there are two,
        one per secret, for 24 hours.
      </li>
      <li>Reject the request when nothing matches, or when <code className={code}>t</code> is more than 5 minutes from now.</li>
      <li>
        Answer with any 2xx within 10 seconds; anything else (redirects included) is a failure and is retried: 7 attempts over
        24 hours, then the delivery is exhausted. 50 failures in a row disable the endpoint.
      </li>
    </ol>
  );
}

export function VerifySnippet({ className }: { className?: string }) {
  return (
    <CodeBlock label="Signature verification example (Node.js)" className={className}>
      {VERIFY_SNIPPET}
    </CodeBlock>
  );
}

/** The other headers of a delivery, for receivers that deduplicate or log. */
export function DeliveryHeadersNote() {
  return (
    <p className="text-sm text-zinc-600 dark:text-zinc-400">
      Each delivery also carries <code className={code}>X-Service-Event-Id</code> (the same on every retry and every endpoint:
      use it to ignore duplicates), <code className={code}>X-Service-Event-Type</code>,{" "}
      <code className={code}>X-Service-Delivery-Id</code> and <code className={code}>X-Service-Delivery-Attempt</code>.
    </p>
  );
}
