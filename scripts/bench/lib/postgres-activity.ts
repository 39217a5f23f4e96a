import pg from "pg";
import { isLocalDatabase } from "./process-cpu";

// What the database did during a case, from its own statistics: committed transactions and
// bytes of WAL, for the whole server (the bench is all that runs on it). Per request, these
// show what CPU time alone does not say: how many statements the app sends per request, and
// how much it writes. A log that writes its rows a few at a time shows up here as a rise in
// transactions per request, before it shows in req/s.
//
// PostgreSQL publishes each backend's counts when it is idle, at most once a second, so a
// reading can trail the work by up to a second per backend: over a 5-second case, a
// difference is good to about a tenth.

export type PostgresActivity = { transactions: number; walBytes: number };

/** Null for a database that is not on this machine (its other users would count too) or that cannot be read. */
export async function postgresActivity(databaseUrl: string | undefined): Promise<PostgresActivity | null> {
  if (!isLocalDatabase(databaseUrl)) return null;
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ transactions: number; walBytes: number }>(`
      SELECT (SELECT sum(xact_commit + xact_rollback) FROM pg_stat_database)::float8 AS transactions,
             (SELECT wal_bytes FROM pg_stat_wal)::float8 AS "walBytes"`);
    return rows[0];
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}
