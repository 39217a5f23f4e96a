import { Badge, type BadgeTone } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon } from "@/components/ui/icons";
import { Pagination } from "@/components/ui/pagination";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import type { KeyRow, KeyState } from "@/lib/console/list-api-keys";
import type { PageInfo } from "@/lib/console/pagination";
import type { FormAction } from "@/components/forms/use-form-action";
import { DateOnly, RelativeTime } from "../time-stamp";
import { RevokeKeyButton } from "./revoke-key-button";

const STATE: Record<KeyState, { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "green" },
  expired: { label: "Expired", tone: "amber" },
  revoked: { label: "Revoked", tone: "red" },
};

/** The organization's keys: prefix only (the secret exists nowhere), scopes, who, when, state. */
export function KeysTable({
  orgId,
  rows,
  page,
  revokeAction,
  readOnlyReason,
}: {
  orgId: string;
  rows: KeyRow[];
  page: PageInfo;
  revokeAction: FormAction<null>;
  readOnlyReason: string | null;
}) {
  if (page.total === 0) {
    return (
      <EmptyState icon={<KeyIcon className="size-5" />} title="No API keys yet">
        {readOnlyReason
          ? "An admin of this organization can create the first key."
          : "Create a key above, then call GET /partner/v1/me with it to check that it works."}
      </EmptyState>
    );
  }
  const now = new Date();
  return (
    <>
      <Table label="API keys" minWidth="52rem">
        <THead>
          <Th>Key</Th>
          <Th>Scopes</Th>
          <Th>Created</Th>
          <Th>Last used</Th>
          <Th>Expires</Th>
          <Th>State</Th>
          <Th className="text-right">
            <span className="sr-only">Actions</span>
          </Th>
        </THead>
        <TBody>
          {rows.map((key) => (
            <Tr key={key.id} data-testid="key-row" data-key-id={key.id} className={key.state === "active" ? undefined : "opacity-75"}>
              <Td className="max-sm:pb-2">
                <div className="font-medium text-zinc-900 dark:text-zinc-100">{key.name}</div>
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
                <Badge tone={STATE[key.state].tone}>{STATE[key.state].label}</Badge>
              </Td>
              <Td className="text-right max-sm:pt-2 max-sm:empty:hidden">
                {key.state === "revoked" ? null : (
                  <RevokeKeyButton
                    orgId={orgId}
                    keyId={key.id}
                    keyName={key.name}
                    prefix={key.prefix}
                    action={revokeAction}
                    disabledReason={readOnlyReason}
                  />
                )}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      <Pagination info={page} basePath={`/console/${orgId}/api-keys`} label="API key pages" />
    </>
  );
}
