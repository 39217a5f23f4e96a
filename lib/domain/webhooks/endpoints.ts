import { z } from "zod";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { assertIntegrationsUnlocked } from "@/lib/domain/billing/entitlement";
import { getDb } from "@/lib/platform/db/client";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import type { WebhookEndpoint } from "@/lib/generated/prisma/client";
import { getOrganizationOrThrow } from "@/lib/domain/orgs/organizations";
import { localUrlHint } from "@/lib/platform/outbound/local-url-hint";
import { checkOutboundUrl, outboundAllowLoopback } from "@/lib/platform/outbound/url-guard";
import { cancelPendingDeliveries } from "./record-attempt";
import { deliverDisabledBacklog } from "./disabled-backlog";
import { notifyDeliveries } from "./dispatch";
import {
  FORMAT_WITH_TRANSFORM,
  type WebhookFormatName,
  createEndpointSchema,
  updateEndpointSchema,
  type CreateEndpointInput,
  type UpdateEndpointInput,
} from "./endpoint-input";
import { recordTargetedWebhookEvent } from "./outbox";
import { pingPayload } from "./payloads";
import { formatFromDb, formatToDb } from "./shape-delivery";
import { generateSigningSecret, sealSigningSecret, SECRET_ROLL_OVERLAP_MS } from "./signing-secret";

// Webhook endpoints of an organization, managed by its admins in the console (and by
// operators through the CLI). The signing secret is returned by create and roll only.
// Every change records an audit entry in its own transaction; a summary never holds a secret.

export const MAX_WEBHOOK_ENDPOINTS = 20;

/** What the console shows of an endpoint: never the secret, only its display prefix. */
export type WebhookEndpointView = {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
  /** Limited to these events of the organization (empty: all of them). */
  eventIds: string[];
  /** JSONata over the body: delivered only when truthy (null: always). */
  filter: string | null;
  /** JSONata whose result is the body sent (null: the standard body). */
  transform: string | null;
  format: WebhookFormatName;
  secretPrefix: string;
  /** Set while a rolled-out secret still signs alongside the new one. */
  previousSecretExpiresAt: Date | null;
  enabled: boolean;
  disabledAt: Date | null;
  disabledReason: "manual" | "consecutive_failures" | null;
  consecutiveFailures: number;
  createdAt: Date;
  updatedAt: Date;
};

export function toEndpointView(row: WebhookEndpoint, now: Date = new Date()): WebhookEndpointView {
  const overlapping = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    eventIds: row.eventIds,
    filter: row.filter,
    transform: row.transform,
    format: formatFromDb(row.format),
    secretPrefix: row.secretPrefix,
    previousSecretExpiresAt: overlapping,
    enabled: row.enabled,
    disabledAt: row.disabledAt,
    disabledReason: row.disabledReason,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** SSRF guard at save time; the same guard runs again at every send. */
async function assertUrlAllowed(url: string): Promise<void> {
  const checked = await checkOutboundUrl(url, { allowLoopback: outboundAllowLoopback() });
  if (!checked.ok) {
    const hint = localUrlHint(url);
    const message = hint ? `${checked.reason} ${hint}` : checked.reason;
    throw validationError([{ code: "custom", path: ["url"], message, input: url }]);
  }
}

/** Every id must be an event of this organization; another organization's or an unknown id is refused by name. */
async function assertOwnEvents(orgId: string, eventIds: string[] | undefined): Promise<void> {
  if (!eventIds || eventIds.length === 0) return;
  const found = await getDb().event.findMany({ where: { orgId, id: { in: eventIds } }, select: { id: true } });
  const known = new Set(found.map((row) => row.id));
  const missing = eventIds.filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw validationError([
      {
        code: "custom",
        path: ["eventIds"],
        message: `No event of this organization has the id ${missing.join(", ")}.`,
        input: missing,
      },
    ]);
  }
}

type ShapeSettings = { eventIds?: string[]; filter?: string | null; transform?: string | null; format?: WebhookFormatName };

/** The stored columns of the shape settings that were given (undefined: left as is). */
function shapeData(settings: ShapeSettings) {
  const data: { eventIds?: string[]; filter?: string | null; transform?: string | null; format?: ReturnType<typeof formatToDb> } = {};
  if (settings.eventIds !== undefined) data.eventIds = settings.eventIds;
  if (settings.filter !== undefined) data.filter = settings.filter;
  if (settings.transform !== undefined) data.transform = settings.transform;
  if (settings.format !== undefined) data.format = formatToDb(settings.format);
  return data;
}

function endpointTarget(endpoint: Pick<WebhookEndpoint, "id" | "url">) {
  return { type: "webhook_endpoint", id: endpoint.id, label: endpoint.url };
}

/** Before and after of each edited setting that really changed. */
function editedFields(current: WebhookEndpoint, next: { url?: string; eventTypes?: string[]; description?: string } & ShapeSettings) {
  const changes: Record<string, { from: string | string[] | null; to: string | string[] | null }> = {};
  if (next.eventIds !== undefined && next.eventIds.join(",") !== current.eventIds.join(",")) {
    changes.eventIds = { from: current.eventIds, to: next.eventIds };
  }
  for (const key of ["filter", "transform"] as const) {
    if (next[key] !== undefined && next[key] !== current[key]) changes[key] = { from: current[key], to: next[key] };
  }
  if (next.format !== undefined && next.format !== formatFromDb(current.format)) changes.format = { from: formatFromDb(current.format), to: next.format };
  if (next.url !== undefined && next.url !== current.url) changes.url = { from: current.url, to: next.url };
  if (next.eventTypes !== undefined && next.eventTypes.join(",") !== current.eventTypes.join(",")) {
    changes.eventTypes = { from: current.eventTypes, to: next.eventTypes };
  }
  if (next.description !== undefined && next.description !== current.description) {
    changes.description = { from: current.description, to: next.description };
  }
  return changes;
}

async function requireEndpoint(orgId: string, endpointId: string): Promise<WebhookEndpoint> {
  const endpoint = z.uuid().safeParse(endpointId).success
    ? await getDb().webhookEndpoint.findFirst({ where: { id: endpointId, orgId } })
    : null;
  if (!endpoint) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
  return endpoint;
}

export async function createWebhookEndpoint(
  orgId: string,
  input: CreateEndpointInput,
  actor: Actor,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const parsed = createEndpointSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  await getOrganizationOrThrow(orgId);
  await assertIntegrationsUnlocked(orgId);
  await assertUrlAllowed(parsed.data.url);
  await assertOwnEvents(orgId, parsed.data.eventIds);

  const secret = generateSigningSecret();
  const endpoint = await getDb().$transaction(async (tx) => {
    // The organization row lock makes the count and the insert one step for concurrent creations.
    await tx.$queryRaw`SELECT id FROM "Organization" WHERE id = ${orgId}::uuid FOR UPDATE`;
    const existing = await tx.webhookEndpoint.count({ where: { orgId } });
    if (existing >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError(
        "CONFLICT",
        `This organization already has ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one before adding another.`,
        { reason: "endpoint_limit_reached", limit: MAX_WEBHOOK_ENDPOINTS },
      );
    }
    const created = await tx.webhookEndpoint.create({
      data: {
        orgId,
        url: parsed.data.url,
        description: parsed.data.description ?? "",
        eventTypes: parsed.data.eventTypes,
        ...shapeData(parsed.data),
        ...sealSigningSecret(secret),
        createdById: actor.type === "user" ? actor.userId : null,
      },
    });
    await recordAudit(tx, orgId, actor, {
      action: "webhook_endpoint.created",
      target: endpointTarget(created),
      summary: {
        url: created.url,
        eventTypes: created.eventTypes,
        description: created.description,
        eventIds: created.eventIds,
        filter: created.filter,
        transform: created.transform,
        format: formatFromDb(created.format),
      },
    });
    return created;
  }, WRITE_TRANSACTION);
  return { endpoint: toEndpointView(endpoint), secret };
}

export async function listWebhookEndpoints(orgId: string): Promise<WebhookEndpointView[]> {
  await getOrganizationOrThrow(orgId);
  const rows = await getDb().webhookEndpoint.findMany({ where: { orgId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const now = new Date();
  return rows.map((row) => toEndpointView(row, now));
}

export async function getWebhookEndpoint(orgId: string, endpointId: string): Promise<WebhookEndpointView> {
  return toEndpointView(await requireEndpoint(orgId, endpointId));
}

/**
 * Changes URL, event types, description or enabled. Disabling (by hand) cancels what is
 * still pending for the endpoint; re-enabling clears the disabled state, the failure
 * count and the circuit breaker, and the endpoint receives events recorded from then on
 * (enableWebhookEndpoint can also deliver what it missed).
 */
export async function updateWebhookEndpoint(
  orgId: string,
  endpointId: string,
  input: UpdateEndpointInput,
  actor: Actor,
): Promise<WebhookEndpointView> {
  return (await applyEndpointUpdate(orgId, endpointId, input, actor, false)).endpoint;
}

/**
 * Enables a disabled endpoint; with `deliverBacklog`, also delivers everything recorded
 * while it was disabled (countDisabledBacklog gives the number first).
 */
export async function enableWebhookEndpoint(
  orgId: string,
  endpointId: string,
  options: { deliverBacklog: boolean },
  actor: Actor,
): Promise<{ endpoint: WebhookEndpointView; backlogDelivered: number }> {
  return applyEndpointUpdate(orgId, endpointId, { enabled: true }, actor, options.deliverBacklog);
}

async function applyEndpointUpdate(
  orgId: string,
  endpointId: string,
  input: UpdateEndpointInput,
  actor: Actor,
  deliverBacklog: boolean,
): Promise<{ endpoint: WebhookEndpointView; backlogDelivered: number }> {
  const parsed = updateEndpointSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  await requireEndpoint(orgId, endpointId);
  const { url, eventTypes, description, enabled } = parsed.data;
  const shape = { eventIds: parsed.data.eventIds, filter: parsed.data.filter, transform: parsed.data.transform, format: parsed.data.format };
  if (url !== undefined) await assertUrlAllowed(url);
  await assertOwnEvents(orgId, shape.eventIds);

  const now = new Date();
  let backlogDelivered = 0;
  const updated = await getDb().$transaction(async (tx) => {
    // Read under a row lock: an automatic disable racing with this update sees one order.
    await tx.$queryRaw`SELECT id FROM "WebhookEndpoint" WHERE id = ${endpointId}::uuid FOR UPDATE`;
    const current = await tx.webhookEndpoint.findUnique({ where: { id: endpointId } });
    if (!current) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
    const data: Parameters<typeof tx.webhookEndpoint.update>[0]["data"] = {};
    if (url !== undefined) data.url = url;
    if (eventTypes !== undefined) data.eventTypes = eventTypes;
    if (description !== undefined) data.description = description;
    // A chat format and a transform never combine, counting the settings left as they are.
    const format = shape.format ?? formatFromDb(current.format);
    const transform = shape.transform !== undefined ? shape.transform : current.transform;
    if (transform && format !== "json") {
      throw validationError([{ code: "custom", path: [shape.transform ? "transform" : "format"], message: FORMAT_WITH_TRANSFORM, input: shape.transform ?? shape.format }]);
    }
    Object.assign(data, shapeData(shape));
    if (enabled === true && !current.enabled) {
      Object.assign(data, { enabled: true, disabledAt: null, disabledReason: null, consecutiveFailures: 0, probeAt: null });
      if (deliverBacklog) backlogDelivered = await deliverDisabledBacklog(tx, { ...current, eventTypes: eventTypes ?? current.eventTypes }, now);
    } else if (enabled === false && current.enabled) {
      Object.assign(data, { enabled: false, disabledAt: now, disabledReason: "manual", probeAt: null });
      await cancelPendingDeliveries(tx, endpointId, now);
    }
    if (Object.keys(data).length === 0) return current;
    const updated = await tx.webhookEndpoint.update({ where: { id: endpointId }, data });
    const edited = editedFields(current, { url, eventTypes, description, ...shape });
    if (Object.keys(edited).length > 0) {
      await recordAudit(tx, orgId, actor, { action: "webhook_endpoint.updated", target: endpointTarget(updated), summary: edited });
    }
    if (updated.enabled !== current.enabled) {
      await recordAudit(tx, orgId, actor, {
        action: updated.enabled ? "webhook_endpoint.enabled" : "webhook_endpoint.disabled",
        target: endpointTarget(updated),
        summary: updated.enabled ? { previouslyDisabled: current.disabledReason ?? "manual", ...(deliverBacklog ? { backlogDelivered } : {}) } : {},
      });
    }
    return updated;
  }, WRITE_TRANSACTION);
  return { endpoint: toEndpointView(updated, now), backlogDelivered };
}

/**
 * A new signing secret, shown once. The previous one keeps signing alongside it for
 * 24 hours so receivers can switch without losing deliveries. A second roll inside the
 * overlap drops the oldest secret: only the current and the one before it ever sign.
 *
 * Read-modify-write under the endpoint's row lock, so concurrent rolls apply one after
 * the other and none loses the other's secret. `expectedSecretPrefix` (the console sends
 * the prefix the admin saw) turns a duplicate roll into a 409: of N concurrent rolls of
 * the same secret exactly one wins, leaving its new secret plus the secret that was
 * current before it as the overlap secret; the others show nothing.
 */
export async function rollWebhookSecret(
  orgId: string,
  endpointId: string,
  actor: Actor,
  now: Date = new Date(),
  options: { expectedSecretPrefix?: string } = {},
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const found = await requireEndpoint(orgId, endpointId);
  const secret = generateSigningSecret();
  const updated = await getDb().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "WebhookEndpoint" WHERE id = ${found.id}::uuid FOR UPDATE`;
    const current = await tx.webhookEndpoint.findUnique({ where: { id: found.id } });
    if (!current) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
    if (options.expectedSecretPrefix !== undefined && current.secretPrefix !== options.expectedSecretPrefix) {
      throw new AppError("CONFLICT", "The signing secret was rolled meanwhile. Reload the page to see the current secret before rolling again.", {
        reason: "secret_already_rolled",
      });
    }
    const rolled = await tx.webhookEndpoint.update({
      where: { id: current.id },
      data: {
        ...sealSigningSecret(secret),
        previousSecretCiphertext: current.secretCiphertext,
        previousSecretExpiresAt: new Date(now.getTime() + SECRET_ROLL_OVERLAP_MS),
      },
    });
    // The display prefixes only: what the console shows of a secret anyway.
    await recordAudit(tx, orgId, actor, {
      action: "webhook_endpoint.secret_rolled",
      target: endpointTarget(rolled),
      summary: { secretPrefix: { from: current.secretPrefix, to: rolled.secretPrefix }, previousValidUntil: rolled.previousSecretExpiresAt?.toISOString() ?? null },
    });
    return rolled;
  }, WRITE_TRANSACTION);
  return { endpoint: toEndpointView(updated, now), secret };
}

/** Deletes the endpoint with its delivery log; nothing more is sent to it. */
export async function deleteWebhookEndpoint(orgId: string, endpointId: string, actor: Actor): Promise<{ id: string }> {
  const endpoint = await requireEndpoint(orgId, endpointId);
  await getDb().$transaction(async (tx) => {
    await tx.webhookEndpoint.delete({ where: { id: endpoint.id } });
    await recordAudit(tx, orgId, actor, {
      action: "webhook_endpoint.deleted",
      target: endpointTarget(endpoint),
      summary: { url: endpoint.url, eventTypes: endpoint.eventTypes },
    });
  }, WRITE_TRANSACTION);
  return { id: endpoint.id };
}

/**
 * Records a `ping` for this endpoint only (its outbox row is created already dispatched,
 * with its single delivery) and starts its delivery like any other. Refused while
 * integrations are locked, and for a disabled endpoint (it receives nothing).
 */
export async function sendTestPing(orgId: string, endpointId: string): Promise<{ eventId: string; deliveryId: string }> {
  const endpoint = await requireEndpoint(orgId, endpointId);
  await assertIntegrationsUnlocked(orgId);
  if (!endpoint.enabled) {
    throw new AppError("CONFLICT", "This endpoint is disabled. Enable it before sending a test ping.", {
      reason: "endpoint_disabled",
    });
  }
  const now = new Date();
  const ping = await getDb().$transaction((tx) =>
    recordTargetedWebhookEvent(tx, { orgId, type: "ping", data: pingPayload(endpoint.id), endpointId: endpoint.id, now }),
  );
  await notifyDeliveries([ping.deliveryId]);
  return ping;
}
