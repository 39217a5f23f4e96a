import { cookies } from "next/headers";
import { TIME_ZONE_COOKIE, resolveTimeZone } from "./time-zone";

/** The signed-in viewer's IANA zone from the console's cookie; UTC until the browser has set it. */
export async function viewerTimeZone(): Promise<string> {
  return resolveTimeZone((await cookies()).get(TIME_ZONE_COOKIE)?.value);
}
