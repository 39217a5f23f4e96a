import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { apiError, PartnerApi, type CliEnvironment } from "./cli-api";
import { CliError } from "./cli-error";
import { localSecret, readState, stateFile, writeState, type ListenState } from "./cli-files";
import { rawDataItems } from "./raw-items";
import { signWebhook } from "./webhook-signer";

// `svc-partner listen`: follows the catch-up feed (/webhook-events) and POSTs each event
// to a local receiver with a delivery's body and headers, signed with the machine's local
// secret. Events are forwarded strictly in feed order and one at a time; a receiver that
// is down or answers non-2xx holds the queue (retried with backoff), so nothing is skipped.
//
// Position: the feed is ordered by (createdAt, id), but an event's createdAt is taken
// before its transaction commits, so a slow transaction can appear behind a newer one.
// Each poll therefore re-reads OVERLAP_MS before the newest createdAt forwarded and skips
// the ids already forwarded in that window (kept in the state file with the position).

export const OVERLAP_MS = 60_000;
/** 30 polls a minute: a twentieth of the 600-per-minute limit a key has. */
export const POLL_INTERVAL_MS = 2_000;
const USER_AGENT = "ServiceWebhooks/1.0 (svc-partner listen)";

export type ListenOptions = {
  baseUrl: string;
  apiKey: string;
  forwardTo: string;
  types: string[];
  configDir: string;
  pollIntervalMs?: number;
};

type FeedItem = { raw: string; id: string; type: string; createdAt: string };
type Me = { data: { key: { id: string; prefix: string; scopes: string[] }; org: { name: string } } };

export function parseForwardUrl(value: string | undefined): URL {
  if (!value) throw new CliError("svc-partner: listen needs --forward-to URL (e.g. http://localhost:3000/webhooks).", 2);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(`svc-partner: --forward-to ${JSON.stringify(value)} is not a URL (e.g. http://localhost:3000/webhooks).`, 2);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new CliError(`svc-partner: --forward-to must be an http:// or https:// URL, not ${url.protocol}//.`, 2);
  }
  return url;
}

/** A TCP connection to the receiver's host and port: refused, unknown host or silence is fatal at start. */
export function probeReceiver(url: URL, timeoutMs = 3000): Promise<void> {
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const fail = (reason: string) => {
      socket.destroy();
      reject(new CliError(`svc-partner: cannot reach the receiver at ${url.href} (${reason}); start it first.`));
    };
    socket.setTimeout(timeoutMs, () => fail(`no answer within ${timeoutMs / 1000}s`));
    socket.once("error", (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
    socket.once("connect", () => {
      socket.end();
      resolve();
    });
  });
}

function feedItems(text: string): { items: FeedItem[]; nextCursor: string | null } {
  const page = JSON.parse(text) as { data: { id: string; type: string; createdAt: string }[]; meta: { nextCursor: string | null } };
  const raws = rawDataItems(text);
  if (raws.length !== page.data.length) throw new Error("The feed page could not be split into its items.");
  const items = page.data.map((item, index) => ({ raw: raws[index], id: item.id, type: item.type, createdAt: item.createdAt }));
  return { items, nextCursor: page.meta.nextCursor };
}

function clock(date = new Date()): string {
  return date.toISOString().replace("T", " ").slice(0, 19);
}

/** Runs until `env.signal` aborts; throws CliError on a fatal problem. */
export async function listen(options: ListenOptions, env: CliEnvironment): Promise<void> {
  const receiver = parseForwardUrl(options.forwardTo);
  const api = new PartnerApi(options.baseUrl, options.apiKey, env);
  const me = await api.request("GET", "/me");
  if (me.status !== 200) throw apiError(me);
  const { key, org } = (JSON.parse(me.text) as Me).data;
  // An unknown type is the API's 400; asked once now rather than on every poll.
  const typesQuery: Record<string, string> = options.types.length > 0 ? { types: options.types.join(",") } : {};
  const check = await api.request("GET", "/webhook-events", { query: { ...typesQuery, limit: "1" } });
  if (check.status !== 200) throw apiError(check);
  await probeReceiver(receiver);

  const secret = localSecret(options.configDir);
  const file = stateFile(options.configDir, { baseUrl: options.baseUrl, keyId: key.id, types: options.types });
  let state = readState(file) ?? (await startingPoint(api, typesQuery, me.date ?? new Date()));
  writeState(file, state);

  env.print(`svc-partner listen: events of ${org.name} (key ${key.prefix}…) to ${receiver.href}`);
  env.print(`Signing secret: ${secret} (this machine's; svc-partner listen --print-secret shows it again)`);
  env.print(`Forwarding ${options.types.length > 0 ? options.types.join(", ") : "every event type the key reads"} created since ${state.watermark}. Ctrl-C stops; a restart resumes here.`);

  const interval = options.pollIntervalMs ?? POLL_INTERVAL_MS;
  while (!env.signal?.aborted) {
    const since = new Date(Math.max(Date.parse(state.floor), Date.parse(state.watermark) - OVERLAP_MS)).toISOString();
    for await (const item of feedFrom(api, typesQuery, since)) {
      if (state.recent[item.id] || Date.parse(item.createdAt) < Date.parse(state.floor)) continue;
      await forward(receiver, item, secret, env);
      if (env.signal?.aborted) return;
      state = advance(state, item);
      writeState(file, state);
    }
    await env.sleep(interval);
  }
}

/** Every page of the feed from `since` (the running listener's pages are read inline). */
async function* feedFrom(api: PartnerApi, typesQuery: Record<string, string>, since: string): AsyncGenerator<FeedItem> {
  let cursor: string | null = null;
  do {
    const query: Record<string, string> = { ...typesQuery, limit: "200", ...(cursor ? { cursor } : { since }) };
    const answer = await api.request("GET", "/webhook-events", { query, retryUnreachable: true });
    if (answer.status !== 200) throw apiError(answer);
    const page = feedItems(answer.text);
    yield* page.items;
    cursor = page.nextCursor;
  } while (cursor);
}

/**
 * The first start: "from now" is everything the feed holds at this moment marked as seen,
 * by the server's clock (its Date header, whole seconds) so a laptop's clock skew and the
 * rounding skip nothing and forward nothing old.
 */
async function startingPoint(api: PartnerApi, typesQuery: Record<string, string>, serverNow: Date): Promise<ListenState> {
  const floor = new Date(serverNow.getTime() - OVERLAP_MS).toISOString();
  let state: ListenState = { floor, watermark: serverNow.toISOString(), recent: {} };
  for await (const item of feedFrom(api, typesQuery, floor)) state = advance(state, item);
  return state;
}

function advance(state: ListenState, item: FeedItem): ListenState {
  const watermark = Date.parse(item.createdAt) > Date.parse(state.watermark) ? item.createdAt : state.watermark;
  const oldest = Date.parse(watermark) - OVERLAP_MS;
  const recent: Record<string, string> = { [item.id]: item.createdAt };
  for (const [id, createdAt] of Object.entries(state.recent)) if (Date.parse(createdAt) >= oldest) recent[id] = createdAt;
  return { floor: state.floor, watermark, recent };
}

/** POSTs until the receiver answers 2xx, backing off from 1 s to 30 s; prints one line per attempt. */
async function forward(receiver: URL, item: FeedItem, secret: string, env: CliEnvironment): Promise<void> {
  const deliveryId = randomUUID();
  let pause = 1000;
  for (let attempt = 1; !env.signal?.aborted; attempt++) {
    const started = performance.now();
    let outcome: string;
    let delivered = false;
    try {
      const response = await env.fetch(receiver, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "User-Agent": USER_AGENT,
          ...signWebhook({ body: item.raw, eventId: item.id, secret }),
          "X-Service-Event-Id": item.id,
          "X-Service-Event-Type": item.type,
          "X-Service-Delivery-Id": deliveryId,
          "X-Service-Delivery-Attempt": String(attempt),
        },
        body: item.raw,
        redirect: "manual",
        signal: AbortSignal.any([AbortSignal.timeout(30_000), ...(env.signal ? [env.signal] : [])]),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivered = response.status >= 200 && response.status < 300;
      outcome = String(response.status);
    } catch (error) {
      if (env.signal?.aborted) return;
      outcome = error instanceof Error ? ((error.cause as { code?: string } | undefined)?.code ?? error.name) : "failed";
    }
    const ms = Math.round(performance.now() - started);
    const retry = delivered ? "" : `, retrying in ${pause / 1000}s`;
    env.print(`${clock()}  ${item.type.padEnd(28)} ${item.id}  [${outcome}] ${ms} ms${retry}`);
    if (delivered) return;
    await env.sleep(pause);
    pause = Math.min(pause * 2, 30_000);
  }
}
