import fs from "node:fs";
import path from "node:path";

// Every page of the app and the address that renders it, shared by the specs that walk
// them all (security headers, accessibility). A new page.tsx without a row here fails them.

export type PageIds = { orgId: string; endpointId: string; dataSourceId: string; eventId: string; attendeeId: string; keyId: string; inviteToken?: string };

/** Each page file → the address that renders it. */
export const PAGES: Record<string, (ids: PageIds) => string> = {
  "app/page.tsx": () => "/",
  "app/(auth)/sign-in/page.tsx": () => "/sign-in",
  "app/(auth)/sign-in/two-factor/page.tsx": () => "/sign-in/two-factor",
  "app/(auth)/sign-up/page.tsx": () => "/sign-up",
  "app/(auth)/forgot-password/page.tsx": () => "/forgot-password",
  "app/(auth)/reset-password/[token]/page.tsx": () => "/reset-password/no-such-reset-token-0123456789",
  "app/console/account/page.tsx": () => "/console/account",
  "app/console/account/two-factor/page.tsx": () => "/console/account/two-factor",
  "app/invite/[token]/page.tsx": ({ inviteToken }) => `/invite/${inviteToken ?? "no-such-token-0123456789"}`,
  "app/console/page.tsx": () => "/console",
  "app/console/new/page.tsx": () => "/console/new",
  "app/console/[orgId]/page.tsx": ({ orgId }) => `/console/${orgId}`,
  "app/console/[orgId]/[...missing]/page.tsx": ({ orgId }) => `/console/${orgId}/no-such-section`,
  "app/console/[orgId]/api-keys/page.tsx": ({ orgId }) => `/console/${orgId}/api-keys`,
  "app/console/[orgId]/api-keys/new/page.tsx": ({ orgId }) => `/console/${orgId}/api-keys/new`,
  "app/console/[orgId]/api-keys/[keyId]/page.tsx": ({ orgId, keyId }) => `/console/${orgId}/api-keys/${keyId}`,
  "app/console/[orgId]/billing/page.tsx": ({ orgId }) => `/console/${orgId}/billing`,
  "app/console/[orgId]/members/page.tsx": ({ orgId }) => `/console/${orgId}/members`,
  "app/console/[orgId]/audit/page.tsx": ({ orgId }) => `/console/${orgId}/audit`,
  "app/console/[orgId]/events/page.tsx": ({ orgId }) => `/console/${orgId}/events`,
  "app/console/[orgId]/events/[eventId]/page.tsx": ({ orgId, eventId }) => `/console/${orgId}/events/${eventId}`,
  "app/console/[orgId]/events/[eventId]/programme/page.tsx": ({ orgId, eventId }) => `/console/${orgId}/events/${eventId}/programme`,
  "app/console/[orgId]/events/[eventId]/guests/page.tsx": ({ orgId, eventId }) => `/console/${orgId}/events/${eventId}/guests`,
  "app/console/[orgId]/events/[eventId]/guests/import/page.tsx": ({ orgId, eventId }) => `/console/${orgId}/events/${eventId}/guests/import`,
  "app/console/[orgId]/events/[eventId]/guests/[attendeeId]/page.tsx": ({ orgId, eventId, attendeeId }) =>
    `/console/${orgId}/events/${eventId}/guests/${attendeeId}`,
  "app/console/[orgId]/events/[eventId]/engagement/page.tsx": ({ orgId, eventId }) => `/console/${orgId}/events/${eventId}/engagement`,
  "app/console/[orgId]/webhooks/page.tsx": ({ orgId }) => `/console/${orgId}/webhooks`,
  "app/console/[orgId]/webhooks/new/page.tsx": ({ orgId }) => `/console/${orgId}/webhooks/new`,
  "app/console/[orgId]/webhooks/[endpointId]/page.tsx": ({ orgId, endpointId }) => `/console/${orgId}/webhooks/${endpointId}`,
  "app/console/[orgId]/data-sources/page.tsx": ({ orgId }) => `/console/${orgId}/data-sources`,
  "app/console/[orgId]/data-sources/new/page.tsx": ({ orgId }) => `/console/${orgId}/data-sources/new`,
  "app/console/[orgId]/data-sources/[dataSourceId]/page.tsx": ({ orgId, dataSourceId }) => `/console/${orgId}/data-sources/${dataSourceId}`,
  "app/console/[orgId]/data-sources/[dataSourceId]/edit/page.tsx": ({ orgId, dataSourceId }) => `/console/${orgId}/data-sources/${dataSourceId}/edit`,
};

/** The pages a signed-out visitor opens. */
export const SIGNED_OUT_PAGES = [
  "app/page.tsx",
  "app/(auth)/sign-in/page.tsx",
  "app/(auth)/sign-in/two-factor/page.tsx",
  "app/(auth)/sign-up/page.tsx",
  "app/(auth)/forgot-password/page.tsx",
  "app/(auth)/reset-password/[token]/page.tsx",
  "app/invite/[token]/page.tsx",
];

/** The page files under app/, as repository paths. */
export function pageFiles(dir = "app"): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(full);
    return entry.name === "page.tsx" ? [full.split(path.sep).join("/")] : [];
  });
}
