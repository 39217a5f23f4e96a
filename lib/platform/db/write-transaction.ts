import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "./client";

export type Tx = Prisma.TransactionClient;

// The options of every interactive write transaction. maxWait covers the wait for a pooled
// connection: on the embedded database the pool has one connection, so parallel requests
// queue for it. Each statement inside is also bounded by the server (SET LOCAL
// statement_timeout, sent with BEGIN: transaction-timeout.ts).
export const WRITE_TRANSACTION = { maxWait: 10_000, timeout: 10_000 } as const;

/** Runs `work` in the caller's transaction when given one, otherwise in a new one. */
export function inTransaction<T>(tx: Tx | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
  return tx ? work(tx) : getDb().$transaction(work, WRITE_TRANSACTION);
}
