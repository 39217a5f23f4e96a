import type { WebhookFormat } from "@/lib/generated/prisma/client";
import { chatBody } from "./chat-formats";
import { chatMessage } from "./chat-sentences";
import type { WebhookFormatName } from "./endpoint-input";
import { evaluateExpression, ExpressionError } from "./jsonata-expression";
import { webhookBody } from "./send-attempt";

// What an endpoint receives for one event, decided at send time: the standard body, then
// the endpoint's filter (JSONata over that body: sent only when truthy), then either its
// transform (JSONata whose result is the body) or its chat format. The signature headers
// are computed over the bytes this returns, so they sign exactly what is sent.

export type EndpointShape = { filter: string | null; transform: string | null; format: WebhookFormatName };

export type ShapedBody =
  | { kind: "send"; body: string }
  | { kind: "filtered" }
  | { kind: "failed"; error: string };

type ShapeEvent = { id: string; type: string; createdAt: Date; data: unknown; previousAttributes?: unknown };

export const formatFromDb = (format: WebhookFormat): WebhookFormatName => (format === "google_chat" ? "google-chat" : format);
export const formatToDb = (format: WebhookFormatName): WebhookFormat => (format === "google-chat" ? "google_chat" : format);

/** Any JSONata result counts as "send" when JavaScript-truthy, except an empty array (a match of nothing). */
function truthy(result: unknown): boolean {
  if (Array.isArray(result)) return result.length > 0;
  return Boolean(result);
}

/**
 * `applyFilter: false` for a test sent from the console: the admin asked for it, and it
 * shows the format or transform at work whatever the filter says.
 */
export async function shapeBody(
  orgId: string,
  shape: EndpointShape,
  event: ShapeEvent,
  options: { applyFilter?: boolean } = {},
): Promise<ShapedBody> {
  const standard = webhookBody(event);
  const unshaped = !shape.filter && !shape.transform && shape.format === "json";
  if (unshaped) return { kind: "send", body: standard };
  const parsed = JSON.parse(standard) as { id: string; type: string; createdAt: string; data: Record<string, unknown> };

  if (shape.filter && options.applyFilter !== false) {
    try {
      if (!truthy(await evaluateExpression(shape.filter, parsed))) return { kind: "filtered" };
    } catch (error) {
      return { kind: "failed", error: `Filter error: ${reason(error)}` };
    }
  }
  if (shape.transform) {
    let result: unknown;
    try {
      result = await evaluateExpression(shape.transform, parsed);
    } catch (error) {
      return { kind: "failed", error: `Transform error: ${reason(error)}` };
    }
    if (result === undefined) return { kind: "failed", error: "Transform error: the expression yielded nothing for this event, so there was no body to send." };
    const body = JSON.stringify(result);
    if (body === undefined) return { kind: "failed", error: "Transform error: the result cannot be written as JSON (a function?)." };
    return { kind: "send", body };
  }
  if (shape.format !== "json") {
    return { kind: "send", body: JSON.stringify(chatBody(shape.format, await chatMessage(orgId, parsed), parsed.createdAt)) };
  }
  return { kind: "send", body: standard };
}

function reason(error: unknown): string {
  const text = error instanceof ExpressionError || error instanceof Error ? error.message : String(error);
  return text.slice(0, 900);
}
