import { AppError } from "@/lib/platform/errors/app-error";
import { errorResponse, newRequestId } from "./responses";
import { baseSecurityHeaders, currentMode } from "./security-headers";

/**
 * Any /api/ path no route claims. Next would render its HTML 404 page there, outside
 * proxy.ts (which leaves /api/ to the routes) and so without the security headers; this
 * answers the JSON envelope the other /api/ routes use, with those headers.
 */
export function apiNotFound(): Response {
  return errorResponse(new AppError("NOT_FOUND", "There is nothing at this path."), newRequestId(), {
    ...baseSecurityHeaders(currentMode()),
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  });
}
