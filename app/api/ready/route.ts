import { checkReadiness } from "@/lib/platform/health/readiness";

// Readiness: database reachable and every migration applied (lib/platform/health/readiness.ts).
export const dynamic = "force-dynamic";

export async function GET() {
  const readiness = await checkReadiness();
  const headers = { "cache-control": "no-store" };
  if (readiness.ready) return Response.json({ status: "ready", schemaVersion: readiness.schemaVersion }, { headers });
  return Response.json(
    { status: "unavailable", reason: readiness.reason, ...readiness.detail },
    { status: 503, headers: { ...headers, "retry-after": "5" } },
  );
}
