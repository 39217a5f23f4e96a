import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

export type Db = PrismaClient;

function createClient(): PrismaClient {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    throw new Error("DATABASE_URL is not set (npm run dev and npm start set it for the embedded database)");
  }
  const max = Number(process.env.DATABASE_POOL_MAX ?? 10);
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max }) });
}

const globalForDb = globalThis as unknown as { __db?: PrismaClient };

/** The one Prisma client of this process, created on first use (so builds need no database). */
export function getDb(): PrismaClient {
  globalForDb.__db ??= createClient();
  return globalForDb.__db;
}

/** Closes the client (CLI and tests); the next getDb() makes a new one. */
export async function disconnectDb(): Promise<void> {
  const client = globalForDb.__db;
  globalForDb.__db = undefined;
  await client?.$disconnect();
}
