import { openApiDocumentJson } from "@/lib/partner-api/openapi/document";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPublic } from "@/lib/partner-api/with-partner-key";

// Public: the OpenAPI 3.1 document, generated once per process from the operations
// registry and the zod schemas the handlers validate with.
const read = withPublic(
  () => new Response(openApiDocumentJson(), { headers: { "content-type": "application/json; charset=utf-8" } }),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
