import type { ReactNode } from "react";

// The service's support as customers' pages name it: a link to SUPPORT_URL when the
// deployment has one, the same words without a link otherwise, so the sentence around it
// reads whole either way.
export function SupportLink({ url, children }: { url: string | undefined; children: ReactNode }) {
  if (!url) return <>{children}</>;
  return (
    <a href={url} className="font-medium underline underline-offset-2" data-testid="support-link">
      {children}
    </a>
  );
}
