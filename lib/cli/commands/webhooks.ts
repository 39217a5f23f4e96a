import { OPERATOR } from "@/lib/domain/audit/record";
import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { attemptDelivery } from "@/lib/domain/webhooks/deliver";
import { listEndpointDeliveries } from "@/lib/domain/webhooks/delivery-log";
import { countDisabledBacklog } from "@/lib/domain/webhooks/disabled-backlog";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  enableWebhookEndpoint,
  listWebhookEndpoints,
  rollWebhookSecret,
  sendTestPing,
  updateWebhookEndpoint,
} from "@/lib/domain/webhooks/endpoints";
import { webhookEventTypesSchema, type WebhookFormatName } from "@/lib/domain/webhooks/endpoint-input";
import { pruneDeliveryLog } from "@/lib/domain/webhooks/prune";
import { recoverDeliveries } from "@/lib/domain/webhooks/recover-deliveries";
import { runDueDeliveries } from "@/lib/domain/webhooks/run-due";
import { command } from "../command";

// Operator commands for webhook endpoints and delivery. The signing secret is printed by
// webhook:create and webhook:roll-secret only, once.

const list = z.string().transform((value) => value.split(",").map((item) => item.trim()).filter(Boolean));
const eventTypes = list.pipe(webhookEventTypesSchema);
// The endpoint's shape flags, the same on webhook:create and webhook:update; on update an
// empty value ("") clears the setting. Their rules are the endpoint schemas' (endpoint-input.ts).
const shapeFlags = {
  "event-ids": list.optional(),
  filter: z.string().optional(),
  transform: z.string().optional(),
  format: z.string().optional(),
};

function shapeInput(flags: { "event-ids"?: string[]; filter?: string; transform?: string; format?: string }) {
  return { eventIds: flags["event-ids"], filter: flags.filter, transform: flags.transform, format: flags.format as WebhookFormatName | undefined };
}

/** The library names the field eventIds; the operator typed --event-ids. */
async function withFlagNames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const fields = error instanceof AppError ? (error.details as { fields?: Record<string, unknown> } | undefined)?.fields : undefined;
    if (fields && "eventIds" in fields) {
      fields["event-ids"] = fields.eventIds;
      delete fields.eventIds;
    }
    throw error;
  }
}

const positiveInt = z.string().regex(/^\d+$/, "Expected a whole number.").transform(Number);

/** The organization an endpoint belongs to (operators name endpoints by id alone). */
async function orgOfEndpoint(endpointId: string): Promise<string> {
  const endpoint = z.uuid().safeParse(endpointId).success
    ? await getDb().webhookEndpoint.findUnique({ where: { id: endpointId }, select: { orgId: true } })
    : null;
  if (!endpoint) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
  return endpoint.orgId;
}

export const webhookCommands = {
  "webhook:create": command({
    summary:
      "--org ID --url U --events a,b [--event-ids ID,ID] [--filter EXPR] [--transform EXPR] [--format json|slack|teams|discord|google-chat] [--description D] (prints the signing secret, once)",
    flags: z.strictObject({ org: z.string(), url: z.string(), events: eventTypes, description: z.string().optional(), ...shapeFlags }),
    run: async (flags) => {
      const { endpoint, secret } = await withFlagNames(() =>
        createWebhookEndpoint(flags.org, { url: flags.url, eventTypes: flags.events, description: flags.description, ...shapeInput(flags) }, OPERATOR),
      );
      return { endpoint: { ...endpoint, secret } };
    },
  }),
  "webhook:list": command({
    summary: "--org ID",
    flags: z.strictObject({ org: z.string() }),
    run: async ({ org }) => ({ endpoints: await listWebhookEndpoints(org) }),
  }),
  "webhook:update": command({
    summary:
      "--endpoint ID [--url U] [--events a,b] [--event-ids ID,ID] [--filter EXPR] [--transform EXPR] [--format json|slack|teams|discord|google-chat] [--description D] [--enabled true|false] (an empty value clears a setting)",
    flags: z.strictObject({
      ...shapeFlags,
      endpoint: z.string(),
      url: z.string().optional(),
      events: eventTypes.optional(),
      description: z.string().optional(),
      enabled: z.enum(["true", "false"]).transform((value) => value === "true").optional(),
    }),
    run: async (flags) => {
      const orgId = await orgOfEndpoint(flags.endpoint);
      const endpoint = await withFlagNames(() =>
        updateWebhookEndpoint(orgId, flags.endpoint, {
          url: flags.url,
          eventTypes: flags.events,
          description: flags.description,
          enabled: flags.enabled,
          ...shapeInput(flags),
        }, OPERATOR),
      );
      return { endpoint };
    },
  }),
  "webhook:enable": command({
    summary:
      "--endpoint ID [--backlog deliver|skip] (without --backlog: prints how many events it missed while disabled and enables nothing)",
    flags: z.strictObject({ endpoint: z.string(), backlog: z.enum(["deliver", "skip"]).optional() }),
    run: async ({ endpoint: endpointId, backlog }) => {
      const orgId = await orgOfEndpoint(endpointId);
      if (!backlog) {
        const missed = await countDisabledBacklog(orgId, endpointId);
        return { enabled: false, backlog: missed, next: missed > 0 ? "run again with --backlog deliver (send them) or --backlog skip" : "run again with --backlog skip" };
      }
      const { endpoint, backlogDelivered } = await enableWebhookEndpoint(orgId, endpointId, { deliverBacklog: backlog === "deliver" }, OPERATOR);
      return { endpoint, backlogDelivered };
    },
  }),
  "webhook:roll-secret": command({
    summary: "--endpoint ID (prints the new secret, once; the old one signs alongside for 24 h)",
    flags: z.strictObject({ endpoint: z.string() }),
    run: async ({ endpoint: endpointId }) => {
      const { endpoint, secret } = await rollWebhookSecret(await orgOfEndpoint(endpointId), endpointId, OPERATOR);
      return { endpoint: { ...endpoint, secret } };
    },
  }),
  "webhook:delete": command({
    summary: "--endpoint ID (with its delivery log)",
    flags: z.strictObject({ endpoint: z.string() }),
    run: async ({ endpoint }) => ({ deleted: await deleteWebhookEndpoint(await orgOfEndpoint(endpoint), endpoint, OPERATOR) }),
  }),
  "webhook:ping": command({
    summary: "--endpoint ID (records a ping for this endpoint and attempts it now)",
    flags: z.strictObject({ endpoint: z.string() }),
    run: async ({ endpoint }) => {
      const ping = await sendTestPing(await orgOfEndpoint(endpoint), endpoint);
      return { ping: { ...ping, outcome: await attemptDelivery(ping.deliveryId) } };
    },
  }),
  "webhook:deliveries": command({
    summary: "--endpoint ID [--limit N] (the delivery log, newest first, with attempts)",
    flags: z.strictObject({ endpoint: z.string(), limit: positiveInt.optional() }),
    run: async ({ endpoint, limit }) => ({
      deliveries: await listEndpointDeliveries(await orgOfEndpoint(endpoint), endpoint, { limit }),
    }),
  }),
  "webhook:recover": command({
    summary: "--endpoint ID --since ISO [--until ISO] (one new attempt now for each failed delivery created in the window)",
    flags: z.strictObject({ endpoint: z.string(), since: z.string(), until: z.string().optional() }),
    run: async ({ endpoint, since, until }) => recoverDeliveries(await orgOfEndpoint(endpoint), endpoint, { since, until }, OPERATOR),
  }),
  "webhooks:run-due": command({
    summary: "[--org ID] [--limit N] (fan out the outbox and attempt every due delivery)",
    flags: z.strictObject({ org: z.uuid().optional(), limit: positiveInt.optional() }),
    run: async ({ org, limit }) => ({ run: await runDueDeliveries({ orgId: org, limit }) }),
  }),
  "webhooks:prune": command({
    summary: "Delete deliveries and outbox rows older than 30 days",
    flags: z.strictObject({}),
    run: async () => ({ pruned: await pruneDeliveryLog() }),
  }),
};
