import { z } from "zod";
import { integrationLockError, integrationLockReason } from "@/lib/domain/billing/entitlement";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import type { Scope } from "@/lib/domain/keys/scopes";
import { authenticateAndCount, readPresentedKey, recordKeyUse, type AuthenticatedKey, type BoundReadRequest } from "./authenticate";
import type { KeyBoundRead } from "./key-bound-read";
import { rateLimitedError, rateLimitHeaders } from "./rate-limit";
import { countRefusal, isRefusal, refusalLimitExceeded, REFUSED_LOGGED_PER_MINUTE, tooManyRefusalsError } from "./refusals";
import { startRequestLog, type RequestLog } from "./request-log";
import { readJsonBody } from "./request-body";
import { clientAddress } from "@/lib/platform/http/client-address";
import { baseHeaders, errorResponse, jsonResponse, newRequestId } from "@/lib/platform/http/responses";

// The one wrapper of every keyed /partner/v1 route. Checks run in this fixed order
// (docs/partner-api.md, "Request pipeline"); the first that fails answers:
//   1. credentials          401 missing_key | invalid_key | revoked_key | expired_key
//                           (steps 1 and 2 refused more than 600 times a minute from one
//                           address or for one key: 429, refusals.ts)
//   2. IP allowlist         403 ip_not_allowed (the key's ranges, matched in step 1's
//                           statement against clientAddress(); right after the credentials,
//                           so a caller outside the list learns nothing of the org's state)
//   3. platform switch      503 INTEGRATIONS_DISABLED
//   4. organization state   403 org_suspended
//   5. billing              402 billing_closed | billing_suspended | payment_required
//   6. rate limit           429 rate_limited (every request of a live key from an allowed
//                           address counts: the count is taken in step 1's statement, so
//                           locked requests count too)
//   7. scope                403 insufficient_scope
//   8. path ids             404 (a malformed id is simply not found)
//   9. query, then body     400 INVALID_INPUT (413 for a body over 64 KB)
//  10. the handler          404 / 409 ...
//
// A read route may give `read`: its SQL then runs inside step 1's statement (one round
// trip for the whole request; key-bound-read.ts), and the handler gets its result. The
// path ids and the query are parsed before that statement, as they shape the read, but
// their errors are still answered at steps 8 and 9, after every check of the key.

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export type PartnerRequest<Q, B, R = undefined> = {
  request: Request;
  requestId: string;
  key: AuthenticatedKey;
  orgId: string;
  params: Record<string, string>;
  query: Q;
  body: B;
  /** The result of the route's `read`, which ran in the key's statement. */
  read: R;
};

export type PartnerResult = { status?: number; body: unknown; headers?: Record<string, string> };

export function withPartnerKey<Q extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined, R = undefined>(
  options: {
    scope?: Scope;
    idParams?: string[];
    query?: Q;
    body?: B;
    read?: (input: { params: Record<string, string>; query: z.output<Q> }) => KeyBoundRead<R>;
  },
  handler: (input: PartnerRequest<z.output<Q>, z.output<B>, R>) => Promise<PartnerResult>,
) {
  return async function partnerRoute(request: Request, context: RouteContext): Promise<Response> {
    const requestId = newRequestId();
    const log = startRequestLog(request, context, requestId);
    let limitHeaders: Record<string, string> = {};
    try {
      const presented = readPresentedKey(request.headers);
      const early = await readRequestShape(context, request, options);
      // One statement: the key, its organization, the platform switch, the allowlist match,
      // and the request counted against the key's limit (authenticate.ts); the checks below
      // read its row. The log learns the key as soon as its secret matches.
      const { key, rate, row } = await authenticateAndCount(presented, undefined, early.bound, clientAddress(request.headers), (known) => {
        log.orgId = known.orgId;
        log.keyId = known.keyId;
      });
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

      if ("error" in early) throw early.error;
      const { params, query } = early;
      const body = options.body ? await readJsonBody(request, options.body) : undefined;

      const result = await handler({
        request,
        requestId,
        key,
        orgId: key.org.id,
        params,
        query: query as z.output<Q>,
        body: body as z.output<B>,
        read: (early.bound ? early.bound.read.finish(row, key.org.id) : undefined) as R,
      });
      return log.finish(
        jsonResponse(result.body, result.status ?? 200, { ...baseHeaders(requestId), ...limitHeaders, ...result.headers }),
      );
    } catch (caught) {
      const error = isRefusal(caught) ? await countedRefusal(caught, log, request) : caught;
      return log.finish(errorResponse(error, requestId, limitHeaders), error);
    }
  };
}

/**
 * A refused request (step 1 or 2) is counted per client address and per key
 * (refusals.ts): past 600 a minute it is answered 429 instead, and past the first few a
 * minute of a key it stays out of that key's request log. Should counting fail, the
 * refusal is answered as it was.
 */
async function countedRefusal(error: unknown, log: RequestLog, request: Request): Promise<unknown> {
  const count = await countRefusal({ address: clientAddress(request.headers), keyId: log.keyId }).catch(() => null);
  if (count && log.keyId && count.keyCount > REFUSED_LOGGED_PER_MINUTE) log.keyLogOmitted = true;
  return count && refusalLimitExceeded(count) ? tooManyRefusalsError(count) : error;
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

type RequestShape =
  | { params: Record<string, string>; query: unknown; bound?: BoundReadRequest }
  | { error: unknown; bound?: undefined };

/**
 * Steps 8 and 9 (path ids, query) and the route's bound read they shape, done before the
 * key's statement; an error is kept for its turn. No I/O but the route's params.
 */
async function readRequestShape(
  context: RouteContext,
  request: Request,
  options: { scope?: Scope; idParams?: string[]; query?: z.ZodType; read?: (input: { params: Record<string, string>; query: never }) => KeyBoundRead<unknown> },
): Promise<RequestShape> {
  try {
    const params = await readIdParams(context, options.idParams ?? []);
    const query = parseQuery(request, options.query);
    const read = options.read?.({ params, query: query as never });
    return { params, query, bound: read ? { scope: options.scope, read } : undefined };
  } catch (error) {
    return { error };
  }
}

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
