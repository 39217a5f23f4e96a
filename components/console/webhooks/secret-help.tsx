import type { ReactNode } from "react";
import { VerifySnippet } from "./signature-help";

/** Under a freshly shown signing secret: what it is for, and the check to run with it. */
export function SecretHelp({ children }: { children?: ReactNode }) {
  return (
    <div className="mt-4 space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
      <p>
        Every delivery carries <code className="font-mono text-xs">X-Service-Signature: t=…,v1=…</code>, an HMAC-SHA256 of{" "}
        <code className="font-mono text-xs">&lt;t&gt;.&lt;raw body&gt;</code> made with this secret. Verify it before trusting a
        body. {children}
      </p>
      <details className="group">
        <summary className="cursor-pointer text-sm font-medium text-zinc-900 underline-offset-2 hover:underline dark:text-zinc-100">
          How to verify (Node.js)
        </summary>
        <VerifySnippet className="mt-2" />
      </details>
    </div>
  );
}
