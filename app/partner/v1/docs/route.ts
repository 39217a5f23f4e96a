import { buildOpenApiDocument } from "@/lib/partner-api/openapi/document";
import { renderDocsPage } from "@/lib/partner-api/openapi/docs-page";
import { publicOrigin } from "@/lib/partner-api/openapi/public-origin";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPublic } from "@/lib/partner-api/with-partner-key";
import { baseSecurityHeaders, currentMode, inlineHtmlContentSecurityPolicy } from "@/lib/platform/http/security-headers";

// Public: the readable reference, rendered from the OpenAPI document at request time so
// the base URL and samples name the host the reader actually reached. The page loads
// nothing: its policy allows only the style and script elements it inlines (by hash), so
// the browser enforces that.
const read = withPublic((request) => {
  const html = renderDocsPage(buildOpenApiDocument(), { origin: publicOrigin(request) });
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": inlineHtmlContentSecurityPolicy(html, { scripts: true }),
      ...baseSecurityHeaders(currentMode()),
    },
  });
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
