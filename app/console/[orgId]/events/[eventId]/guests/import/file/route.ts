import { sheetImportResponse } from "@/lib/console/sheet-import-request";

// Spreadsheet import of guests (admins): columns, preview and run; see lib/console/sheet-import-request.ts.
export const maxDuration = 300;

export async function POST(request: Request, context: { params: Promise<{ orgId: string; eventId: string }> }) {
  return sheetImportResponse(request, await context.params);
}
