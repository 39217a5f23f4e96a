import { randomBytes, randomUUID } from "node:crypto";
import { PartnerApi, type CliEnvironment } from "./cli-api";
import { CliError } from "./cli-error";

// `svc-partner trigger TYPE --event-id ID`: makes a real change through the API so a real
// event flows through webhooks and the feed. Only what a key can cause: a clearly named
// test attendee created, or updated. A draft event is the place to experiment; on any
// other the command refuses unless --yes.

export const TRIGGER_TYPES = ["attendee.created", "attendee.updated"] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export type TriggerOptions = { baseUrl: string; apiKey: string; type: string | undefined; eventId: string | undefined; attendeeId?: string; yes: boolean };

type Event = { id: string; name: string; status: string };
type Attendee = { id: string; email: string; displayName: string };

export async function trigger(options: TriggerOptions, env: CliEnvironment): Promise<void> {
  if (!options.type || !(TRIGGER_TYPES as readonly string[]).includes(options.type)) {
    throw new CliError(`svc-partner: trigger takes one of ${TRIGGER_TYPES.join(", ")}${options.type ? `, not ${JSON.stringify(options.type)}` : ""}.`, 2);
  }
  if (!options.eventId) throw new CliError("svc-partner: trigger needs --event-id ID (a draft event of your organization).", 2);
  const api = new PartnerApi(options.baseUrl, options.apiKey, env);
  const event = (await api.json<{ data: Event }>("GET", `/events/${encodeURIComponent(options.eventId)}`)).data;
  if (event.status !== "draft" && !options.yes) {
    throw new CliError(`svc-partner: "${event.name}" is ${event.status}, not a draft; a test attendee would be visible there. Use a draft event, or pass --yes.`);
  }

  let attendeeId = options.attendeeId;
  if (options.type === "attendee.created" || !attendeeId) {
    const email = `svc-partner-test-${randomBytes(4).toString("hex")}@example.com`;
    const created = await api.json<{ data: Attendee }>("POST", `/events/${encodeURIComponent(event.id)}/attendees`, {
      body: { email, displayName: "svc-partner test attendee", company: "svc-partner trigger" },
      headers: { "Idempotency-Key": randomUUID() },
    });
    attendeeId = created.data.id;
    env.print(`Created test attendee ${created.data.id} (${email}) on "${event.name}": attendee.created follows.`);
  }
  if (options.type === "attendee.updated") {
    const jobTitle = `Updated by svc-partner at ${new Date().toISOString()}`;
    await api.json<{ data: Attendee }>("PATCH", `/events/${encodeURIComponent(event.id)}/attendees/${encodeURIComponent(attendeeId)}`, { body: { jobTitle } });
    env.print(`Updated attendee ${attendeeId} on "${event.name}" (jobTitle): attendee.updated follows.`);
  }
}
