import { disconnectDb } from "@/lib/platform/db/client";
import { resetPreparedStatements } from "@/lib/platform/db/prepared-statements";
import { startPgBouncer, type PgBouncer } from "./pgbouncer";

// Sends this test file's database traffic through a real PgBouncer in transaction mode
// (as production runs behind Neon's or Supabase's pooler), and back to the test database
// afterwards. Only on a PostgreSQL server (TEST_DATABASE_SERVER_URL), not the embedded one.

export type PooledDatabase = { pooler: PgBouncer; restore: () => Promise<void> };

export async function routeThroughPgBouncer(options: { poolSize?: number; appPoolMax?: number } = {}): Promise<PooledDatabase> {
  const saved = { url: process.env.DATABASE_URL, prepared: process.env.DATABASE_PREPARED_STATEMENTS, poolMax: process.env.DATABASE_POOL_MAX };
  const pooler = await startPgBouncer(process.env.TEST_DATABASE_SERVER_URL!, { poolSize: options.poolSize ?? 12 });
  await disconnectDb();
  resetPreparedStatements();
  process.env.DATABASE_URL = pooler.url(saved.url!);
  process.env.DATABASE_PREPARED_STATEMENTS = "off";
  if (options.appPoolMax) process.env.DATABASE_POOL_MAX = String(options.appPoolMax);
  const put = (name: string, value: string | undefined) => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };
  return {
    pooler,
    restore: async () => {
      await disconnectDb();
      resetPreparedStatements();
      put("DATABASE_URL", saved.url);
      put("DATABASE_PREPARED_STATEMENTS", saved.prepared);
      put("DATABASE_POOL_MAX", saved.poolMax);
      await pooler.stop();
    },
  };
}

