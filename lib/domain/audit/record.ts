import type { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/platform/db/write-transaction";

// An audit entry is written by the domain function that makes the change, with the same
// transaction client, so the change and its record commit or roll back together. Who acts
// is passed in explicitly: the console's signed-in user or the operator CLI. Writes made
// through the Partner API or by an import are not audited here (their partner and data
// source are recorded with the data itself).

// Stripe is the third actor: a billing change it reports (a card added, a plan paid or
// ended) is applied by its webhook, neither from the console nor the CLI.
export type Actor = { type: "user"; userId: string; email: string } | { type: "operator" } | { type: "stripe" };

export const OPERATOR: Actor = { type: "operator" };

export const STRIPE: Actor = { type: "stripe" };

export type AuditChange = {
  /** `<target>.<verb>`, e.g. `api_key.created`, `webhook_endpoint.secret_rolled`. */
  action: string;
  target: { type: string; id?: string | null; label?: string | null };
  /**
   * What changed, for people: e.g. `{ name: { from: "A", to: "B" } }` or `{ scopes: [...] }`.
   * Never a secret (keys, signing secrets, credentials, passwords, tokens).
   */
  summary?: Prisma.InputJsonObject;
};

export async function recordAudit(tx: Tx, orgId: string, actor: Actor, change: AuditChange): Promise<void> {
  await tx.auditEntry.create({
    data: {
      orgId,
      actorType: actor.type,
      actorId: actor.type === "user" ? actor.userId : null,
      actorLabel: actor.type === "user" ? actor.email : actor.type,
      action: change.action,
      targetType: change.target.type,
      targetId: change.target.id ?? null,
      targetLabel: change.target.label ?? null,
      summary: change.summary ?? {},
    },
  });
}
