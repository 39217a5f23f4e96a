import Link from "next/link";
import { integrationLockMessage, type IntegrationLockReason } from "@/lib/domain/billing/entitlement";
import { Callout } from "@/components/ui/callout";

const TITLES: Record<IntegrationLockReason, string> = {
  payment_required: "Integrations are locked: no paid plan",
  billing_suspended: "Integrations are locked: billing account suspended",
  billing_closed: "Integrations are locked: billing account closed",
  org_suspended: "Integrations are locked: organization suspended",
  integrations_disabled: "Integrations are paused for everyone",
};

/**
 * Shown on every integration page while integrations are locked. Existing keys, endpoints
 * and data sources stay visible; creating, running and API calls are refused with the same
 * reason the API returns (402/403/503). The banner says it in words; the code itself (what
 * a support request or an API log would quote) stays out of sight, in the markup only.
 */
export function LockBanner({ reason, orgId }: { reason: IntegrationLockReason | null; orgId: string }) {
  if (!reason) return null;
  const temporary = reason === "integrations_disabled";
  return (
    <Callout tone={temporary ? "warning" : "danger"} icon="lock" title={TITLES[reason]} data-testid="lock-banner">
      <p>
        {integrationLockMessage(reason)}{" "}
        {temporary
          ? "Nothing needs to change on your side."
          : "Existing objects stay visible, but new keys, endpoints, data-source runs and Partner API calls are refused until this is resolved."}
      </p>
      <span hidden data-testid="lock-reason">
        {reason}
      </span>
      {temporary ? null : (
        <p className="mt-1">
          <Link className="font-medium underline underline-offset-2" href={`/console/${orgId}/billing`}>
            See billing
          </Link>
        </p>
      )}
    </Callout>
  );
}
