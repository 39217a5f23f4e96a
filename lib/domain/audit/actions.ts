// The words for each audit action the console shows. Actions recorded elsewhere (the
// events workspace records its own) and not listed here read generically: the target in
// words, then the verb ("session.updated" → "Session updated").

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "api_key.created": "API key created",
  "api_key.revoked": "API key revoked",
  "webhook_endpoint.created": "Webhook endpoint created",
  "webhook_endpoint.updated": "Webhook endpoint edited",
  "webhook_endpoint.secret_rolled": "Webhook signing secret rolled",
  "webhook_endpoint.disabled": "Webhook endpoint disabled",
  "webhook_endpoint.enabled": "Webhook endpoint enabled",
  "webhook_endpoint.recovered": "Failed deliveries recovered",
  "webhook_endpoint.notice_acknowledged": "Webhook failure notice acknowledged",
  "webhook_endpoint.deleted": "Webhook endpoint deleted",
  "data_source.created": "Data source created",
  "data_source.updated": "Data source edited",
  "data_source.deleted": "Data source deleted",
  "member.added": "Member added",
  "member.role_changed": "Member's role changed",
  "member.removed": "Member removed",
  "invitation.sent": "Invitation sent",
  "invitation.revoked": "Invitation revoked",
  "invitation.accepted": "Invitation accepted",
  "billing.changed": "Billing changed",
  "organization.status_changed": "Organization status changed",
  "event.exported": "List exported",
};

function words(value: string): string {
  return value.replace(/[_-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().trim();
}

function capitalized(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** The action in words: its label, or "<target> <verb>" for an action without one. */
export function describeAction(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const [target, ...verb] = action.split(".");
  return capitalized(words([target, ...verb].join(" ")));
}

/** A target type in words ("webhook_endpoint" → "Webhook endpoint"). */
export function describeTargetType(type: string): string {
  return capitalized(words(type));
}

// Field names whose words alone would read wrong ("allowed ips").
const FIELD_LABELS: Record<string, string> = { allowedIps: "allowed IPs" };

/** A summary field name in words ("eventTypes" → "event types"). */
export function describeField(name: string): string {
  return FIELD_LABELS[name] ?? words(name);
}
