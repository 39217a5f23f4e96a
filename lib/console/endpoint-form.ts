// Turning the webhook endpoint form into the input of createWebhookEndpoint /
// updateWebhookEndpoint. The browser validates the result with createEndpointSchema /
// updateEndpointSchema (lib/domain/webhooks/endpoint-input.ts), the schemas the library itself
// uses; the URL's SSRF check needs DNS and runs on the server only.

import type { CreateEndpointInput, WebhookFormatName } from "@/lib/domain/webhooks/endpoint-input";

/** Typed as the schema's input; the checked values are unchecked strings until the schema parses them. */
export type EndpointFormInput = {
  url: string;
  eventTypes: CreateEndpointInput["eventTypes"];
  description: string;
  eventIds: string[];
  filter: string;
  transform: string;
  format: WebhookFormatName;
};

function strings(formData: FormData, name: string): string[] {
  return formData.getAll(name).filter((value): value is string => typeof value === "string");
}

export function endpointInputFromForm(formData: FormData): EndpointFormInput {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    url: text("url"),
    eventTypes: strings(formData, "eventTypes") as EndpointFormInput["eventTypes"],
    description: text("description"),
    // "Limit to events" off sends no ids: the endpoint receives every event's webhooks.
    eventIds: text("limitEvents") === "on" ? strings(formData, "eventIds") : [],
    filter: text("filter"),
    transform: text("transform"),
    format: (text("format") || "json") as WebhookFormatName,
  };
}

/** What the preview needs from the same form. */
export function previewInputFromForm(formData: FormData) {
  const { eventTypes, eventIds, filter, transform, format } = endpointInputFromForm(formData);
  return { eventTypes, eventIds, filter, transform, format };
}
