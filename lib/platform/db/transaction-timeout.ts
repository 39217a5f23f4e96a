import pg from "pg";

// A pooler in transaction mode (PgBouncer, Neon's and Supabase's pooled URLs) hands each
// transaction to whichever server connection is free, and refuses startup parameters
// such as statement_timeout with "unsupported startup parameter". So the bound on a
// statement's time travels with each transaction instead: the BEGIN that Prisma's driver
// adapter sends becomes `BEGIN; SET LOCAL statement_timeout = N`, one simple-protocol
// round trip. The server drops the setting at COMMIT or ROLLBACK, so nothing leaks to the
// pooler's next client. Statements outside a transaction are bounded on the client
// (query_timeout, which also frees the connection) and by the role's own setting.

type Query = pg.Client["query"];

function beginWithTimeout(statementTimeoutMs: number): string {
  return `BEGIN; SET LOCAL statement_timeout = ${Math.trunc(statementTimeoutMs)}`;
}

function isPlainBegin(config: unknown): boolean {
  if (config === "BEGIN") return true;
  if (typeof config !== "object" || config === null) return false;
  const { text, name, values } = config as { text?: unknown; name?: unknown; values?: unknown[] };
  return text === "BEGIN" && !name && (values === undefined || values.length === 0);
}

/** A pg Client class whose transactions carry `statement_timeout` (pg.Pool's `Client` option). */
export function clientWithTransactionTimeout(statementTimeoutMs: number): typeof pg.Client {
  const begin = beginWithTimeout(statementTimeoutMs);
  const query = pg.Client.prototype.query;
  class TransactionTimeoutClient extends pg.Client {}
  TransactionTimeoutClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    const rewritten = !isPlainBegin(config) ? config : typeof config === "string" ? begin : { ...(config as object), text: begin };
    return (query as (...args: unknown[]) => unknown).call(this, rewritten, ...rest);
  } as Query;
  return TransactionTimeoutClient;
}
