import { headers } from "next/headers";
import { config } from "@/lib/platform/config/env";

/**
 * The address the browser used, for examples shown on the page (curl commands). Display
 * only: nothing is fetched from it and no link or redirect is built from it.
 */
export async function displayOrigin(): Promise<string> {
  const configured = config().nextAuthUrl;
  if (configured) return new URL(configured).origin;
  const list = await headers();
  const host = list.get("x-forwarded-host") ?? list.get("host") ?? "localhost:3000";
  const proto = list.get("x-forwarded-proto") ?? (host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https");
  return `${proto}://${host}`;
}
