import { exportResponse } from "@/lib/console/exports/export-response";

// One list of the event as a CSV or .xlsx file (lib/console/exports/export-response.ts).

export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ orgId: string; eventId: string; list: string }> }) {
  return exportResponse(request, await context.params);
}
