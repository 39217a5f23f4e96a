import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/console/format-time";
import { viewerTimeZone } from "@/lib/console/viewer-time-zone";
import type { WebhookEndpointView } from "@/lib/domain/webhooks/endpoints";
import { AUTO_DISABLE_AFTER_FAILURES } from "@/lib/domain/webhooks/schedule";

type StateInput = Pick<WebhookEndpointView, "enabled" | "disabledReason" | "disabledAt">;

export type EndpointState = { label: string; tone: BadgeTone; detail: string | null };

/** Enabled, disabled by an admin, or disabled automatically after failures (with when). */
export function endpointState(endpoint: StateInput, timeZone = "UTC"): EndpointState {
  if (endpoint.enabled) return { label: "Enabled", tone: "green", detail: null };
  const when = endpoint.disabledAt ? formatDateTime(endpoint.disabledAt, timeZone) : null;
  if (endpoint.disabledReason === "consecutive_failures") {
    return {
      label: "Auto-disabled",
      tone: "red",
      detail: `After ${AUTO_DISABLE_AFTER_FAILURES} failed probes in a row${when ? `, ${when}` : ""}`,
    };
  }
  return { label: "Disabled", tone: "neutral", detail: `By an admin${when ? `, ${when}` : ""}` };
}

export async function EndpointStateBadge({ endpoint, withDetail = false }: { endpoint: StateInput; withDetail?: boolean }) {
  const state = endpointState(endpoint, await viewerTimeZone());
  return (
    <span className="inline-flex flex-col items-start gap-0.5 max-sm:items-end">
      <Badge tone={state.tone}>{state.label}</Badge>
      {withDetail && state.detail ? <span className="text-xs text-zinc-500 dark:text-zinc-400">{state.detail}</span> : null}
    </span>
  );
}
