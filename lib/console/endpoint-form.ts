// Turning the webhook endpoint form into the input of createWebhookEndpoint /
// updateWebhookEndpoint. The browser validates the result with createEndpointSchema /
// updateEndpointSchema (lib/domain/webhooks/endpoint-input.ts), the schemas the library itself
// uses; the URL's SSRF check needs DNS and runs on the server only.

import type { CreateEndpointInput } from "@/lib/domain/webhooks/endpoint-input";

/** Typed as the schema's input; the checked values are unchecked strings until the schema parses them. */
export type EndpointFormInput = { url: string; eventTypes: CreateEndpointInput["eventTypes"]; description: string };

export function endpointInputFromForm(formData: FormData): EndpointFormInput {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    url: text("url"),
    eventTypes: formData.getAll("eventTypes").filter((value) => typeof value === "string") as EndpointFormInput["eventTypes"],
    description: text("description"),
  };
}
