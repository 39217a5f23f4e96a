import { getDb } from "@/lib/platform/db/client";
import type { WebhookEndpointView } from "@/lib/domain/webhooks/endpoints";

// The choices and the plain-words summary of an endpoint's limits for the console.

export type EventChoice = { id: string; name: string };

/** The organization's events to limit an endpoint to, newest first. */
export async function endpointEventChoices(orgId: string): Promise<EventChoice[]> {
  return getDb().event.findMany({ where: { orgId }, orderBy: [{ startAt: "desc" }, { id: "asc" }], select: { id: true, name: true }, take: 200 });
}

const FORMAT_WORDS: Record<WebhookEndpointView["format"], string> = {
  json: "the standard JSON body",
  slack: "a Slack message",
  teams: "a Microsoft Teams message (Adaptive Card)",
  discord: "a Discord message",
  "google-chat": "a Google Chat message",
};

/** One sentence per limit, for the endpoint's page. */
export function describeEndpointLimits(endpoint: WebhookEndpointView, events: EventChoice[]): { term: string; text: string }[] {
  const names = new Map(events.map((event) => [event.id, event.name]));
  const types = endpoint.eventTypes.length;
  return [
    {
      term: "Events",
      text:
        endpoint.eventIds.length === 0
          ? `Every event of the organization, ${types} event type${types === 1 ? "" : "s"}.`
          : `Only ${endpoint.eventIds.map((id) => names.get(id) ?? id).join(", ")} (${types} event type${types === 1 ? "" : "s"}); test pings still arrive.`,
    },
    {
      term: "Filter",
      text: endpoint.filter
        ? `Sent only when ${endpoint.filter.length > 120 ? "its filter" : `“${endpoint.filter}”`} is true; other events are logged as filtered out.`
        : "None: every matching event is sent.",
    },
    {
      term: "Body",
      text: endpoint.transform
        ? "The result of its transform, signed like any body."
        : `${FORMAT_WORDS[endpoint.format].charAt(0).toUpperCase()}${FORMAT_WORDS[endpoint.format].slice(1)}.`,
    },
  ];
}
