import { inTransaction, type Tx } from "@/lib/platform/db/write-transaction";
import { dispatchSoon } from "./dispatch";
import type { WebhookEventType } from "./event-types";
import { recordWebhookEvent } from "./outbox";
import type { PreviousAttributes } from "./previous-attributes";

/** Records one webhook event in the transaction of the change it describes; returns its id. */
export type Announce = (event: { type: WebhookEventType; data: Record<string, unknown>; previousAttributes?: PreviousAttributes }) => Promise<string>;

/**
 * The write of every operation that emits webhooks: `work` makes the change and announces
 * its events, which are written to the outbox in the same transaction (so a change that
 * committed always has its event, and one that rolled back never does); after the commit
 * they are fanned out and their deliveries started (dispatchSoon: after the response inside
 * a request). With `tx` the work joins the caller's transaction, and the fan-out is the
 * caller's to start once that commits (`announced` lists the events).
 */
export async function commitAndAnnounce<T>(
  orgId: string,
  work: (tx: Tx, announce: Announce) => Promise<T>,
  options: { tx?: Tx } = {},
): Promise<{ result: T; announced: string[] }> {
  const announced: string[] = [];
  const result = await inTransaction(options.tx, async (tx) => {
    announced.length = 0; // a retried transaction starts over
    return work(tx, async (event) => {
      const { id } = await recordWebhookEvent(tx, { orgId, ...event });
      announced.push(id);
      return id;
    });
  });
  if (!options.tx && announced.length > 0) await dispatchSoon([...announced]);
  return { result, announced };
}
