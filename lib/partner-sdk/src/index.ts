export { PartnerClient, OPERATION_PATHS, type CreateAttendeeOptions, type FeedWebhookEvent, type FeedWebhookEventType, type PartnerClientOptions, type RequestLogQuery, type WebhookEventsQuery } from "./client";
export { PartnerApiError, type ErrorDetails } from "./errors";
export { Paged, type Page } from "./paged";
export { verifyWebhook, WebhookVerificationError, type WebhookEvent, type WebhookVerificationReason, type VerifyWebhookOptions } from "./verify-webhook";
export type { components, operations, paths, webhooks } from "./schema";
