"use client";

import { useEffect, useRef } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";

/** An unexpected failure (the server unreachable, a bug) inside the console shell; the header and navigation stay. */
export default function ConsoleError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="space-y-4">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
        Something went wrong
      </h1>
      <Callout tone="danger" title="This page could not be shown">
        The server did not answer as expected. Nothing you entered was saved unless you saw a confirmation. Try again, or
        reload the page.
      </Callout>
      <div className="flex gap-2">
        <Button onClick={reset}>Try again</Button>
        <ButtonLink href="/console" variant="secondary">
          Go to the console
        </ButtonLink>
      </div>
    </div>
  );
}
