import type { Metadata } from "next";
import { KeysTable } from "@/components/console/api-keys/keys-table";
import { RotationHelp } from "@/components/console/api-keys/rotation-help";
import { LockBanner } from "@/components/console/lock-banner";
import { PageHeader } from "@/components/console/page-header";
import { ReadOnlyNotice } from "@/components/console/read-only-notice";
import { ButtonLink } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { Panel } from "@/components/ui/panel";
import { integrationLockMessage, loadIntegrationLock } from "@/lib/domain/billing/entitlement";
import { requireMember } from "@/lib/console/guard";
import { listApiKeys } from "@/lib/console/list-api-keys";
import { parsePageParam } from "@/lib/console/pagination";
import { MAX_ACTIVE_KEYS } from "@/lib/domain/keys/create-key";
import { revokeKeyAction } from "./actions";

export const metadata: Metadata = { title: "API keys" };

type Props = { params: Promise<{ orgId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ApiKeysPage({ params, searchParams }: Props) {
  const { orgId } = await params;
  const query = await searchParams;
  const showRevoked = query.revoked === "1";
  const { org, membership } = await requireMember(orgId);
  const [lock, keys] = await Promise.all([loadIntegrationLock(orgId), listApiKeys(orgId, parsePageParam(query.page), { includeRevoked: showRevoked })]);
  const isAdmin = membership.role === "admin";
  const lockReason = lock ? `Key creation is paused: ${integrationLockMessage(lock)}` : null;

  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Keys let your systems call the Partner API for {org.name}. A key belongs to the organization, not to the person
            who created it, and reaches only this organization’s data. Up to {MAX_ACTIVE_KEYS} active keys.
          </>
        }
        actions={
          isAdmin && !lockReason ? (
            <ButtonLink href={`/console/${orgId}/api-keys/new`} data-testid="create-key-button">
              <PlusIcon />
              Create key
            </ButtonLink>
          ) : null
        }
      />
      <LockBanner reason={lock} orgId={orgId} />
      {isAdmin ? null : <ReadOnlyNotice what="the keys of this organization" />}
      {isAdmin && lockReason ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="create-disabled-reason">
          {lockReason}
        </p>
      ) : null}
      <Panel title="Keys" description="A key is shown in full once, when it is created. Here you see only its prefix, which identifies it but cannot authenticate." id="keys">
        <KeysTable
          orgId={orgId}
          rows={keys.rows}
          page={keys.page}
          revokedCount={keys.revokedCount}
          showRevoked={showRevoked}
          revokeAction={isAdmin ? revokeKeyAction : null}
          emptyHint={
            isAdmin
              ? lockReason
                ? "Keys can be created once integrations are unlocked."
                : "Create one with Create key, then call GET /partner/v1/me with it to check that it works."
              : "An admin of this organization can create the first key."
          }
        />
      </Panel>
      <RotationHelp />
    </>
  );
}
