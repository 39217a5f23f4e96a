import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AllowedIps } from "@/components/console/api-keys/allowed-ips";
import { RequestLog } from "@/components/console/api-keys/request-log";
import { UsageCharts } from "@/components/console/api-keys/usage-charts";
import { PageHeader } from "@/components/console/page-header";
import { DateOnly, RelativeTime } from "@/components/console/time-stamp";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { ArrowRightIcon } from "@/components/ui/icons";
import { Panel, PanelBody } from "@/components/ui/panel";
import { findOrgApiKey, parseRequestLogView, requestLogPage } from "@/lib/console/api-key-page";
import { requireMember } from "@/lib/console/guard";
import type { KeyState } from "@/lib/console/list-api-keys";
import { viewerTimeZone } from "@/lib/console/viewer-time-zone";
import { keyUsageSeries } from "@/lib/domain/usage/usage-series";

export const metadata: Metadata = { title: "API key" };

type Props = { params: Promise<{ orgId: string; keyId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const STATE: Record<KeyState, { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "green" },
  expired: { label: "Expired", tone: "amber" },
  revoked: { label: "Revoked", tone: "red" },
};

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{term}</dt>
      <dd className="mt-1 text-sm text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

export default async function ApiKeyPage({ params, searchParams }: Props) {
  const { orgId, keyId } = await params;
  await requireMember(orgId);
  const key = await findOrgApiKey(orgId, keyId);
  if (!key) notFound();
  const view = parseRequestLogView(await searchParams);
  const [requests, usage, timeZone] = await Promise.all([requestLogPage(orgId, keyId, view), keyUsageSeries(orgId, keyId), viewerTimeZone()]);
  const basePath = `/console/${orgId}/api-keys/${keyId}`;

  return (
    <>
      <nav aria-label="Breadcrumb" className="-mb-2 text-sm">
        <Link href={`/console/${orgId}/api-keys`} className="inline-flex items-center gap-1.5 text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
          <ArrowRightIcon className="size-3.5 rotate-180" />
          API keys
        </Link>
      </nav>
      <PageHeader
        title={key.name}
        description={
          <span className="font-mono text-sm text-zinc-900 dark:text-zinc-100" data-testid="key-prefix">
            {key.prefix}…
          </span>
        }
      />

      <Panel title="Key" id="key">
        <PanelBody>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            <Fact term="State">
              <span className="inline-flex flex-col items-start gap-0.5" data-testid="key-state">
                <Badge tone={STATE[key.state].tone}>{STATE[key.state].label}</Badge>
                {key.revokedAt ? (
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">
                    on <DateOnly date={key.revokedAt} />
                  </span>
                ) : null}
              </span>
            </Fact>
            <Fact term="Created">
              <DateOnly date={key.createdAt} />
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">by {key.createdBy ?? "—"}</span>
            </Fact>
            <Fact term="Last used">
              <RelativeTime date={key.lastUsedAt} />
            </Fact>
            <Fact term="Expires">
              <DateOnly date={key.expiresAt} empty="Never" />
            </Fact>
            <div className="col-span-2 min-w-0">
              <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Scopes</dt>
              <dd className="mt-1">
                <ul className="flex flex-wrap gap-1" aria-label="Scopes">
                  {key.scopes.map((scope) => (
                    <li key={scope}>
                      <Badge className="font-mono">{scope}</Badge>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
            <div className="col-span-2 min-w-0 sm:col-span-3 lg:col-span-6">
              <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Allowed IP ranges</dt>
              <dd className="mt-1">
                <AllowedIps ranges={key.allowedIps} />
              </dd>
            </div>
          </dl>
        </PanelBody>
      </Panel>

      <Panel title="Usage" id="usage" description="This key's requests by response status: success (2xx), client errors (4xx other than 429), rate limited (429) and server errors (5xx).">
        <PanelBody>
          <UsageCharts hourly={usage.hourly} daily={usage.daily} idPrefix="key-usage" />
        </PanelBody>
      </Panel>

      <Panel
        title="Requests"
        id="requests"
        description="Every Partner API request made with this key in the last 14 days: the route (never the ids or query values sent), status, duration and request id. Times in your time zone."
      >
        <RequestLog basePath={basePath} view={view} page={requests} timeZone={timeZone} />
      </Panel>
    </>
  );
}
