import type { WebhookFormatName } from "./endpoint-input";
import type { ChatMessage } from "./chat-sentences";

// The bodies the chat tools' incoming webhooks accept, each checked against the
// provider's documentation of that webhook:
//
// - Slack, "Sending messages using incoming webhooks" (api.slack.com/messaging/webhooks)
//   and Block Kit's section block (api.slack.com/reference/block-kit/blocks#section):
//   a JSON body with `text` (the notification's fallback when `blocks` are present) and
//   `blocks`, here one section block with `mrkdwn` text. A link is `<url|label>`.
// - Microsoft Teams, "Create Incoming Webhooks" › "Send Adaptive Cards using an Incoming
//   Webhook" (learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/
//   add-incoming-webhook): `{ type: "message", attachments: [{ contentType:
//   "application/vnd.microsoft.card.adaptive", contentUrl: null, content: <AdaptiveCard> }] }`
//   with the card's `$schema`, `type: "AdaptiveCard"`, `version` and `body` of TextBlocks;
//   a link is an `Action.OpenUrl` (adaptivecards.io/explorer/Action.OpenUrl.html).
//   Teams' Workflows webhooks take the same message shape.
// - Discord, "Execute Webhook" (discord.com/developers/docs/resources/webhook#execute-webhook):
//   JSON params `content` (at most 2000 characters) and `embeds` (at most 10 embed
//   objects, docs/resources/message#embed-object: `title` ≤ 256, `description` ≤ 4096,
//   `url`, `timestamp` ISO 8601); one of content or embeds is required.
// - Google Chat, "Build a Google Chat app as a webhook" (developers.google.com/workspace/
//   chat/quickstart/webhooks): POST `{ "text": "..." }` to the space's webhook URL; text
//   formatting (developers.google.com/workspace/chat/format-messages) writes a link as
//   `<url|label>`.

const DISCORD_CONTENT_MAX = 2000;
const DISCORD_TITLE_MAX = 256;

const clip = (value: string, max: number) => (value.length <= max ? value : `${value.slice(0, max - 1)}…`);

/** The body for a chat format, from the event's sentence. */
export function chatBody(format: Exclude<WebhookFormatName, "json">, message: ChatMessage, createdAt: string): Record<string, unknown> {
  const { sentence, title, link } = message;
  switch (format) {
    case "slack":
      return {
        text: sentence,
        blocks: [
          {
            type: "section",
            text: { type: "mrkdwn", text: link ? `${sentence}\n<${link.url}|${link.label}>` : sentence },
          },
        ],
      };
    case "teams":
      return {
        type: "message",
        attachments: [
          {
            contentType: "application/vnd.microsoft.card.adaptive",
            contentUrl: null,
            content: {
              $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
              type: "AdaptiveCard",
              version: "1.4",
              body: [
                { type: "TextBlock", text: title, weight: "Bolder", size: "Medium", wrap: true },
                { type: "TextBlock", text: sentence, wrap: true },
              ],
              ...(link ? { actions: [{ type: "Action.OpenUrl", title: link.label, url: link.url }] } : {}),
            },
          },
        ],
      };
    case "discord":
      return {
        content: clip(sentence, DISCORD_CONTENT_MAX),
        embeds: [
          {
            title: clip(title, DISCORD_TITLE_MAX),
            description: clip(sentence, 4096),
            ...(link ? { url: link.url } : {}),
            timestamp: createdAt,
          },
        ],
      };
    case "google-chat":
      return { text: link ? `${sentence}\n<${link.url}|${link.label}>` : sentence };
  }
}
