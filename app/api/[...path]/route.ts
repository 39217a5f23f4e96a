import { apiNotFound } from "@/lib/platform/http/api-not-found";

// Unknown /api/ paths: a JSON 404 with the security headers instead of Next's HTML page.
export const dynamic = "force-dynamic";

const answer = async () => apiNotFound();
export { answer as GET, answer as HEAD, answer as POST, answer as PUT, answer as PATCH, answer as DELETE, answer as OPTIONS };
