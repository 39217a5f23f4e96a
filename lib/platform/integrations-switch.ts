import { getDb } from "@/lib/platform/db/client";

// The platform-wide switch: when off, every keyed Partner API call answers 503
// INTEGRATIONS_DISABLED and no integration runs, for every organization.
const PLATFORM_SETTING_ID = "platform";

export async function platformIntegrationsEnabled(): Promise<boolean> {
  const row = await getDb().platformSetting.findUnique({ where: { id: PLATFORM_SETTING_ID } });
  return row?.integrationsEnabled ?? true;
}

export async function setPlatformIntegrations(enabled: boolean): Promise<{ integrationsEnabled: boolean }> {
  const row = await getDb().platformSetting.upsert({
    where: { id: PLATFORM_SETTING_ID },
    create: { id: PLATFORM_SETTING_ID, integrationsEnabled: enabled },
    update: { integrationsEnabled: enabled },
  });
  return { integrationsEnabled: row.integrationsEnabled };
}
