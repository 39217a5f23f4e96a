import Link from "next/link";
import { Callout } from "@/components/ui/callout";
import { listOpenFailureNotices, type FailureNoticeView } from "@/lib/domain/webhooks/failure-notices";

// Shown to admins on every console page while a webhook failure notice is open: what
// happened, a link to the endpoint and one to its recovery, and Acknowledge. The action
// comes from the layout (components import nothing from app/).

const SHOWN = 3;

function describe(notice: FailureNoticeView): string {
  if (notice.kind === "endpoint_disabled") return "was disabled automatically after 50 failed probes in a row.";
  return notice.occurrences === 1
    ? "could not deliver an event: the delivery is exhausted."
    : `could not deliver ${notice.occurrences} events: their deliveries are exhausted.`;
}

export async function FailureNoticeBanner({ orgId, acknowledge }: { orgId: string; acknowledge: (formData: FormData) => Promise<void> }) {
  const notices = await listOpenFailureNotices(orgId);
  if (notices.length === 0) return null;
  const shown = notices.slice(0, SHOWN);
  return (
    <section aria-label="Webhook failures" data-testid="failure-notices">
      <Callout tone="danger" title={notices.length === 1 ? "A webhook endpoint needs attention" : `${notices.length} webhook failures need attention`}>
        <ul className="space-y-3">
          {shown.map((notice) => {
            const page = `/console/${orgId}/webhooks/${notice.endpointId}`;
            return (
              <li key={notice.id} data-testid="failure-notice" className="space-y-1.5">
                <p>
                  <span className="font-mono text-xs break-all">{notice.endpointUrl}</span> {describe(notice)}
                </p>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                  <Link href={page} className="font-medium underline underline-offset-2">
                    Open endpoint
                  </Link>
                  <Link href={`${page}#recover`} className="font-medium underline underline-offset-2">
                    Recover failed deliveries
                  </Link>
                  <form action={acknowledge}>
                    <input type="hidden" name="orgId" value={orgId} />
                    <input type="hidden" name="noticeId" value={notice.id} />
                    <button type="submit" className="rounded-md border border-current px-2 py-0.5 text-xs font-medium">
                      Acknowledge
                    </button>
                  </form>
                </div>
              </li>
            );
          })}
        </ul>
        {notices.length > SHOWN ? <p className="mt-2">And {notices.length - SHOWN} more: acknowledge these to see them.</p> : null}
      </Callout>
    </section>
  );
}
