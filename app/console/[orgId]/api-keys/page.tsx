import type { Metadata } from "next";
import { CreateKeyForm } from "@/components/console/api-keys/create-key-form";
import { KeysTable } from "@/components/console/api-keys/keys-table";
import { RotationHelp } from "@/components/console/api-keys/rotation-help";
import { LockBanner } from "@/components/console/lock-banner";
import { PageHeader } from "@/components/console/page-header";
import { ReadOnlyNotice } from "@/components/console/read-only-notice";
import { Panel, PanelBody } from "@/components/ui/panel";
import { integrationLockMessage, loadIntegrationLock } from "@/lib/billing/entitlement";
import { ADMIN_REQUIRED_MESSAGE, requireMember } from "@/lib/console/guard";
import { listApiKeys } from "@/lib/console/list-api-keys";
import { parsePageParam } from "@/lib/console/pagination";
import { displayOrigin } from "@/lib/console/request-origin";
import { MAX_ACTIVE_KEYS } from "@/lib/keys/create-key";
import { createKeyAction, revokeKeyAction } from "./actions";

export const metadata: Metadata = { title: "API keys" };

type Props = { params: Promise<{ orgId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ApiKeysPage({ params, searchParams }: Props) {
  const { orgId } = await params;
  const { org, membership } = await requireMember(orgId);
  const [lock, keys, origin] = await Promise.all([
    loadIntegrationLock(orgId),
    listApiKeys(orgId, parsePageParam((await searchParams).page)),
    displayOrigin(),
  ]);
  const isAdmin = membership.role === "admin";
  const readOnlyReason = isAdmin ? null : ADMIN_REQUIRED_MESSAGE;
  const createDisabledReason = !isAdmin
    ? "Only admins can create keys."
    : lock
      ? `Key creation is paused: ${integrationLockMessage(lock)}`
      : null;

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
      />
      <LockBanner reason={lock} orgId={orgId} />
      {isAdmin ? null : <ReadOnlyNotice what="the keys of this organization" />}
      <p id="keys-read-only-reason" hidden>
        {readOnlyReason}
      </p>
      <Panel title="Create a key" id="create-key">
        <PanelBody>
          <CreateKeyForm orgId={orgId} action={createKeyAction} disabledReason={createDisabledReason} origin={origin} />
        </PanelBody>
      </Panel>
      <Panel title="Keys" description="A key is shown in full once, when it is created. Here you see only its prefix, which identifies it but cannot authenticate." id="keys">
        <KeysTable orgId={orgId} rows={keys.rows} page={keys.page} revokeAction={revokeKeyAction} readOnlyReason={readOnlyReason} />
      </Panel>
      <RotationHelp />
    </>
  );
}
