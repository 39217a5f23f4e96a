import { afterAll, beforeAll } from "vitest";
import { disconnectDb } from "@/lib/platform/db/client";
import { createTestDatabase, type TestDatabase } from "./test-database";

/**
 * Gives the calling test file a database of its own, for tests that flip platform-wide
 * state (the integrations switch) that would leak into files running in parallel.
 * Each vitest file runs in its own worker, so swapping this worker's client is safe.
 */
export function isolateDatabase(): void {
  let database: TestDatabase;
  let sharedUrl: string | undefined;
  beforeAll(async () => {
    sharedUrl = process.env.DATABASE_URL;
    database = await createTestDatabase(process.env.TEST_DATABASE_SERVER_URL);
    await disconnectDb();
    process.env.DATABASE_URL = database.url;
  });
  afterAll(async () => {
    await disconnectDb();
    process.env.DATABASE_URL = sharedUrl;
    await database.drop();
  });
}
