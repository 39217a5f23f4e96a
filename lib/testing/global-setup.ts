import { createTestDatabase, dropLeftoverTestDatabases } from "./test-database";

// Runs once per `vitest run`: every test file then talks to this fresh database.
// Files isolate their data by creating their own organizations.
export default async function setup() {
  const serverUrl = process.env.DATABASE_URL;
  // Databases of earlier runs that were killed before their teardown.
  if (serverUrl) await dropLeftoverTestDatabases(serverUrl);
  const database = await createTestDatabase(serverUrl);
  // Tests that need a database of their own (migrations) make it on the same server.
  if (serverUrl) process.env.TEST_DATABASE_SERVER_URL = serverUrl;
  process.env.DATABASE_URL = database.url;
  process.env.DATABASE_POOL_MAX = String(database.poolMax);
  return async () => {
    await database.drop();
  };
}
