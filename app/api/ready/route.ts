import { checkReadiness } from "@/lib/health/readiness";

// Readiness: database reachable and every migration applied (lib/health/readiness.ts).
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
