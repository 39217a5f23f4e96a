import Link from "next/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cx, focusRing } from "@/components/ui/cx";
import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon } from "@/components/ui/icons";
import { Pagination } from "@/components/ui/pagination";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import type { KeyRow, KeyState } from "@/lib/console/list-api-keys";
import type { PageInfo } from "@/lib/console/pagination";
import type { FormAction } from "@/components/forms/use-form-action";
import { DateOnly, RelativeTime } from "../time-stamp";
import { AllowedIps } from "./allowed-ips";
import { RevokeKeyButton } from "./revoke-key-button";

const STATE: Record<KeyState, { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "green" },
  expired: { label: "Expired", tone: "amber" },
  revoked: { label: "Revoked", tone: "red" },
};

/** "Show revoked keys (3)" / "Hide revoked keys": a link, so the view can be shared and works without script. */
function RevokedToggle({ orgId, revokedCount, showRevoked }: { orgId: string; revokedCount: number; showRevoked: boolean }) {
  if (revokedCount === 0) return null;
  const basePath = `/console/${orgId}/api-keys`;
  return (
    <div className="border-b border-zinc-200 px-4 py-3 sm:px-6 dark:border-zinc-800">
      <Link
        href={showRevoked ? `${basePath}#keys` : `${basePath}?revoked=1#keys`}
        className={cx("text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300", focusRing)}
        data-testid="revoked-toggle"
      >
        {showRevoked ? `Hide revoked keys (${revokedCount})` : `Show revoked keys (${revokedCount})`}
      </Link>
    </div>
  );
}

/**
 * The organization's keys: prefix only (the secret exists nowhere), scopes, allowed IP
 * ranges, who, when, state. Revoked keys only behind the toggle, each with the day it was revoked.
 * `revokeAction` is null for members: no button at all, not a disabled one.
 */
export function KeysTable({
  orgId,
  rows,
  page,
  revokedCount,
  showRevoked,
  revokeAction,
  emptyHint,
}: {
  orgId: string;
  rows: KeyRow[];
  page: PageInfo;
  revokedCount: number;
  showRevoked: boolean;
  revokeAction: FormAction<null> | null;
  emptyHint: string;
}) {
  if (page.total === 0) {
    return (
      <>
        <RevokedToggle orgId={orgId} revokedCount={revokedCount} showRevoked={showRevoked} />
        <EmptyState icon={<KeyIcon className="size-5" />} title={revokedCount ? "No usable API keys" : "No API keys yet"}>
          {emptyHint}
        </EmptyState>
      </>
    );
  }
  const now = new Date();
  return (
    <>
      <RevokedToggle orgId={orgId} revokedCount={revokedCount} showRevoked={showRevoked} />
      <Table label="API keys" minWidth="60rem">
        <THead>
          <Th>Key</Th>
          <Th>Scopes</Th>
          <Th>Allowed IPs</Th>
          <Th>Created</Th>
          <Th>Last used</Th>
          <Th>Expires</Th>
          <Th>State</Th>
          {revokeAction ? (
            <Th className="text-right">
              <span className="sr-only">Actions</span>
            </Th>
          ) : null}
        </THead>
        <TBody>
          {rows.map((key) => (
            <Tr key={key.id} data-testid="key-row" data-key-id={key.id}>
              <Td className="max-sm:pb-2">
                <Link
                  href={`/console/${orgId}/api-keys/${key.id}`}
                  className={cx("font-medium text-zinc-900 hover:underline dark:text-zinc-100", focusRing)}
                  data-testid="key-link"
                >
                  {key.name}
                </Link>
                <div className="mt-0.5 font-mono text-xs text-zinc-500 dark:text-zinc-400" data-testid="key-prefix">
                  {key.prefix}…
                </div>
              </Td>
              <Td label="Scopes">
                <ul className="flex max-w-56 flex-wrap gap-1 max-sm:justify-end" aria-label="Scopes">
                  {key.scopes.map((scope) => (
                    <li key={scope}>
                      <Badge className="font-mono">{scope}</Badge>
                    </li>
                  ))}
                </ul>
              </Td>
              <Td label="Allowed IPs">
                <AllowedIps ranges={key.allowedIps} className="max-sm:items-end" />
              </Td>
              <Td label="Created" className="whitespace-nowrap">
                <div>
                  <DateOnly date={key.createdAt} />
                  <div className="text-xs text-zinc-500 dark:text-zinc-400" title={key.createdBy ? undefined : "Created outside the console, or by someone no longer in the organization"}>
                    by {key.createdBy ?? "—"}
                  </div>
                </div>
              </Td>
              <Td label="Last used" className="whitespace-nowrap">
                <RelativeTime date={key.lastUsedAt} now={now} />
              </Td>
              <Td label="Expires" className="whitespace-nowrap">
                <DateOnly date={key.expiresAt} empty="Never" />
              </Td>
              <Td label="State">
                <span className="inline-flex flex-col items-start gap-0.5 max-sm:items-end">
                  <Badge tone={STATE[key.state].tone}>{STATE[key.state].label}</Badge>
                  {key.revokedAt ? (
                    <span className="text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400" data-testid="revoked-at">
                      on <DateOnly date={key.revokedAt} />
                    </span>
                  ) : null}
                </span>
              </Td>
              {revokeAction ? (
                <Td className="text-right max-sm:pt-2 max-sm:empty:hidden">
                  {key.state === "revoked" ? null : (
                    <RevokeKeyButton orgId={orgId} keyId={key.id} keyName={key.name} prefix={key.prefix} action={revokeAction} />
                  )}
                </Td>
              ) : null}
            </Tr>
          ))}
        </TBody>
      </Table>
      <Pagination
        info={page}
        basePath={`/console/${orgId}/api-keys`}
        label="API key pages"
        noun={["key", "keys"]}
        pageHref={(pageNumber) => `/console/${orgId}/api-keys?${showRevoked ? "revoked=1&" : ""}page=${pageNumber}`}
      />
    </>
  );
}
