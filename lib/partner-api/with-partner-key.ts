import { z } from "zod";
import { integrationLockError, integrationLockReason } from "@/lib/billing/entitlement";
import { AppError, validationError } from "@/lib/errors/app-error";
import type { Scope } from "@/lib/keys/scopes";
import { authenticateAndCount, readPresentedKey, recordKeyUse, type AuthenticatedKey } from "./authenticate";
import { rateLimitedError, rateLimitHeaders } from "./rate-limit";
import { startRequestLog } from "./request-log";
import { readJsonBody } from "./request-body";
import { baseHeaders, errorResponse, jsonResponse, newRequestId } from "./responses";

// The one wrapper of every keyed /partner/v1 route. Checks run in this fixed order
// (README, "Request pipeline"); the first that fails answers:
//   1. credentials          401 missing_key | invalid_key | revoked_key | expired_key
//   2. platform switch      503 INTEGRATIONS_DISABLED
//   3. organization state   403 org_suspended
//   4. billing              402 billing_closed | billing_suspended | payment_required
//   5. rate limit           429 rate_limited (every request of a live key counts: the count
//                           is taken in step 1's statement, so locked requests count too)
//   6. scope                403 insufficient_scope
//   7. path ids             404 (a malformed id is simply not found)
//   8. query, then body     400 INVALID_INPUT (413 for a body over 64 KB)
//   9. the handler          404 / 409 ...

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export type PartnerRequest<Q, B> = {
  request: Request;
  requestId: string;
  key: AuthenticatedKey;
  orgId: string;
  params: Record<string, string>;
  query: Q;
  body: B;
};

export type PartnerResult = { status?: number; body: unknown; headers?: Record<string, string> };

export function withPartnerKey<Q extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined>(
  options: { scope?: Scope; idParams?: string[]; query?: Q; body?: B },
  handler: (input: PartnerRequest<z.output<Q>, z.output<B>>) => Promise<PartnerResult>,
) {
  return async function partnerRoute(request: Request, context: RouteContext): Promise<Response> {
    const requestId = newRequestId();
    const log = startRequestLog(request, context, requestId);
    let limitHeaders: Record<string, string> = {};
    try {
      // One statement: the key, its organization and the platform switch, and the request
      // counted against the key's limit (authenticate.ts); the checks below read its row.
      const { key, rate } = await authenticateAndCount(readPresentedKey(request.headers));
      log.orgId = key.org.id;
      log.keyId = key.id;
      const lock = integrationLockReason(key.org, key.integrationsEnabled);
      if (lock) throw integrationLockError(lock);

      limitHeaders = rateLimitHeaders(rate);
      if (rate.exceeded) throw rateLimitedError(rate);

      if (options.scope && !key.scopes.includes(options.scope)) {
        throw new AppError("FORBIDDEN", `This API key lacks the ${options.scope} scope.`, {
          reason: "insufficient_scope",
          requiredScope: options.scope,
        });
      }
      await recordKeyUse(key);

      const params = await readIdParams(context, options.idParams ?? []);
      const query = parseQuery(request, options.query);
      const body = options.body ? await readJsonBody(request, options.body) : undefined;

      const result = await handler({
        request,
        requestId,
        key,
        orgId: key.org.id,
        params,
        query: query as z.output<Q>,
        body: body as z.output<B>,
      });
      return log.finish(
        jsonResponse(result.body, result.status ?? 200, { ...baseHeaders(requestId), ...limitHeaders, ...result.headers }),
      );
    } catch (error) {
      return log.finish(errorResponse(error, requestId, limitHeaders), error);
    }
  };
}

/** Public routes (OpenAPI, docs, unknown paths) still carry the request id and envelope. */
export function withPublic(handler: (request: Request, requestId: string) => Promise<Response> | Response) {
  return async function publicRoute(request: Request, context?: RouteContext): Promise<Response> {
    const requestId = newRequestId();
    const log = startRequestLog(request, context, requestId);
    try {
      const response = await handler(request, requestId);
      for (const [name, value] of Object.entries(baseHeaders(requestId))) response.headers.set(name, value);
      return log.finish(response);
    } catch (error) {
      return log.finish(errorResponse(error, requestId), error);
    }
  };
}

const uuidSchema = z.uuid();

async function readIdParams(context: RouteContext, names: string[]): Promise<Record<string, string>> {
  const raw = context.params ? await context.params : {};
  const params: Record<string, string> = {};
  for (const name of names) {
    const value = raw[name];
    if (typeof value !== "string" || !uuidSchema.safeParse(value).success) {
      throw new AppError("NOT_FOUND", "No such resource.");
    }
    params[name] = value.toLowerCase();
  }
  return params;
}

function parseQuery(request: Request, schema: z.ZodType | undefined): unknown {
  if (!schema) return undefined;
  const search = new URL(request.url).searchParams;
  const values: Record<string, string> = {};
  // Repeated parameters: the first value counts, as most servers do.
  for (const [name, value] of search) if (!(name in values)) values[name] = value;
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
}
