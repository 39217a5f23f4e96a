import { buildOpenApiDocument } from "@/lib/partner-api/openapi/document";
import { renderDocsPage } from "@/lib/partner-api/openapi/docs-page";
import { publicOrigin } from "@/lib/partner-api/openapi/public-origin";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPublic } from "@/lib/partner-api/with-partner-key";

// Public: the readable reference, rendered from the OpenAPI document at request time so
// the base URL and curl examples name the host the reader actually reached. The page has
// no script and loads nothing: the policy below lets the browser enforce that.
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const read = withPublic((request) => {
  const html = renderDocsPage(buildOpenApiDocument(), { origin: publicOrigin(request) });
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": CONTENT_SECURITY_POLICY,
      "x-content-type-options": "nosniff",
    },
  });
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
