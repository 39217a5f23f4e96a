"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { CheckIcon, CopyIcon } from "@/components/ui/icons";

/**
 * Copies `value` to the clipboard and says so (visibly and to screen readers). Where the
 * clipboard API is unavailable (plain http, old browsers) it selects the text of
 * `fallbackSelectId` (an input, or a code block) so the user can press Ctrl+C.
 */
export function CopyButton({ value, label = "Copy", fallbackSelectId, testId = "copy-button" }: { value: string; label?: string; fallbackSelectId?: string; testId?: string }) {
  const [copied, setCopied] = useState<"yes" | "select" | null>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      const field = fallbackSelectId ? document.getElementById(fallbackSelectId) : null;
      field?.focus();
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.select();
      else if (field) {
        // A code block: select its text the way a drag would.
        const range = document.createRange();
        range.selectNodeContents(field);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
      }
      setCopied("select");
    }
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={copy} data-testid={testId}>
        {copied === "yes" ? <CheckIcon className="size-4 text-emerald-600 dark:text-emerald-400" /> : <CopyIcon />}
        {copied === "yes" ? "Copied" : label}
      </Button>
      <span role="status" aria-live="polite" className="sr-only">
        {copied === "yes" ? "Copied to the clipboard." : copied === "select" ? "Selected: press Control+C or Command+C to copy." : ""}
      </span>
    </>
  );
}
