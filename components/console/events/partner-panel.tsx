import Link from "next/link";
import { CopyButton } from "@/components/console/copy-button";
import { Badge } from "@/components/ui/badge";
import { cx, focusRing } from "@/components/ui/cx";
import { Panel, PanelBody } from "@/components/ui/panel";
import type { ResourceDelivery } from "@/lib/console/partner-view";

/** The Partner API path a key reads this resource at, and the deliveries it caused. */
export function PartnerPanel({ orgId, apiPath, deliveries, id }: { orgId: string; apiPath: string; deliveries: ResourceDelivery[]; id: string }) {
  return (
    <Panel title="Where a partner sees it" id={id} headingLevel={2}>
      <PanelBody className="space-y-3 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          Partner API: <code className="font-mono text-xs break-all" data-testid="partner-path">GET {apiPath}</code>
          <CopyButton value={apiPath} label="Copy path" />
        </p>
        {deliveries.length === 0 ? (
          <p className="text-zinc-600 dark:text-zinc-400">No webhook deliveries for it yet. Changes made here are delivered to the endpoints subscribed to their type.</p>
        ) : (
          <ul className="space-y-1" aria-label="Recent webhook deliveries" data-testid="resource-deliveries">
            {deliveries.map((delivery) => (
              <li key={delivery.id} className="flex flex-wrap items-center gap-2">
                <code className="font-mono text-xs">{delivery.type}</code>
                <Badge tone={delivery.state === "succeeded" ? "green" : delivery.state === "failed" ? "red" : "neutral"}>{delivery.state}</Badge>
                <Link href={`/console/${orgId}/webhooks/${delivery.endpointId}`} className={cx("text-indigo-700 hover:underline dark:text-indigo-300", focusRing)}>
                  to {delivery.endpointUrl}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PanelBody>
    </Panel>
  );
}
