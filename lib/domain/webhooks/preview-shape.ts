import { z } from "zod";
import { sqlRows } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { validationError } from "@/lib/platform/errors/app-error";
import { getOrganizationOrThrow } from "@/lib/domain/orgs/organizations";
import { endpointScopeSql } from "./event-scope";
import {
  FORMAT_WITH_TRANSFORM,
  webhookEventIdsSchema,
  webhookEventTypesSchema,
  webhookFilterSchema,
  webhookFormatSchema,
  webhookTransformSchema,
} from "./endpoint-input";
import { shapeBody } from "./shape-delivery";

// The console's live preview of an endpoint's settings: the organization's last 20 events
// of the chosen types (and, when limited, of the chosen events) from the outbox, the same
// rows the webhook-events feed serves, each run through the settings exactly as delivery
// would run it: whether it would be sent, and the exact body.

export const PREVIEW_EVENTS = 20;

export const previewInputSchema = z
  .strictObject({
    eventTypes: webhookEventTypesSchema,
    eventIds: webhookEventIdsSchema.optional(),
    filter: webhookFilterSchema.optional(),
    transform: webhookTransformSchema.optional(),
    format: webhookFormatSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.transform && value.format && value.format !== "json") ctx.addIssue({ code: "custom", path: ["transform"], message: FORMAT_WITH_TRANSFORM });
  });

export type PreviewInput = z.input<typeof previewInputSchema>;

export type PreviewItem = {
  eventId: string;
  type: string;
  createdAt: Date;
  outcome: "send" | "filtered" | "failed";
  /** The exact body that would be sent (null unless sent). */
  body: string | null;
  error: string | null;
};

export async function previewEndpointShape(orgId: string, input: PreviewInput): Promise<PreviewItem[]> {
  const parsed = previewInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  await getOrganizationOrThrow(orgId);
  const { eventTypes, eventIds = [], filter = null, transform = null, format = "json" } = parsed.data;
  // The endpoint scope (event-scope.ts) reads ep."eventIds": a one-row stand-in for the endpoint.
  const rows = await sqlRows<{ id: string; type: string; createdAt: Date; data: unknown; previousAttributes: unknown }>`
    SELECT ev.id, ev.type, ev."createdAt", ev.data, ev."previousAttributes"
    FROM "WebhookEvent" ev, (SELECT ${eventIds}::uuid[] AS "eventIds") ep
    WHERE ev."orgId" = ${orgId}::uuid AND NOT ev.test AND ev.type = ANY(${eventTypes}::text[])
      AND ${endpointScopeSql(Prisma.sql`ev.type`, Prisma.sql`ev.data`)}
    ORDER BY ev."createdAt" DESC, ev.id DESC
    LIMIT ${PREVIEW_EVENTS}`;
  const items: PreviewItem[] = [];
  for (const row of rows) {
    const shaped = await shapeBody(orgId, { filter, transform, format }, row);
    items.push({
      eventId: row.id,
      type: row.type,
      createdAt: row.createdAt,
      outcome: shaped.kind,
      body: shaped.kind === "send" ? shaped.body : null,
      error: shaped.kind === "failed" ? shaped.error : null,
    });
  }
  return items;
}
