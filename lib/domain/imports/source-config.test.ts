import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import type { AppError } from "@/lib/platform/errors/app-error";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { openSourceAuth } from "./auth-secrets";
import { createDataSource, getDataSource, updateDataSource } from "./data-sources";
import { authInputSchema, incrementalSchema, incrementalValue, paginationSchema } from "./source-config";

// The configuration format (fixed shapes, portable between partners) and how it is
// stored: the public part in clear, the secret sealed, never returned.

const TOKEN = "tok_styles_5e4d3c2b1a";
let orgId: string;
let eventId: string;

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
});
afterAll(async () => {
  await getDb().organization.delete({ where: { id: orgId } });
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (err: unknown) => err as AppError);
  expect(error, "expected a refusal").not.toBeNull();
  return error!;
}

const base = () => ({
  name: "Styles",
  eventId,
  target: "attendees",
  url: "http://127.0.0.1:9/attendees",
  mapping: { fields: { email: { path: "email" } } },
});

describe("the shapes", () => {
  it.each([
    [{ type: "none" }],
    [{ type: "nextUrl", path: "links.next" }],
    [{ type: "cursor", cursorPath: "pagination.continuation", param: "continuation", hasMorePath: "pagination.has_more_items" }],
    [{ type: "cursor", cursorPath: "paging.next.after", param: "after" }],
    [{ type: "page", param: "page", startAt: 1, sizeParam: "per_page", size: 100 }],
    [{ type: "page", param: "page[number]" }],
    [{ type: "offset", offsetParam: "offset", limitParam: "limit", limit: 100 }],
    [{ type: "linkHeader" }],
  ])("pagination %j is accepted", (value) => {
    expect(paginationSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    [{ type: "pages" }, "The pagination type is one of none, nextUrl, cursor, page, offset, linkHeader."],
    [{ type: "page", param: "page", sizeParam: "per_page" }, "Give the page size to send in the size parameter."],
    [{ type: "offset", offsetParam: "offset", limitParam: "limit", limit: 0 }, "The limit must be at least 1."],
    [{ type: "cursor", cursorPath: "a..b", param: "c" }, "A path is names separated by single dots"],
    [{ type: "page", param: "pa ge" }, "A parameter name is letters"],
    [{ type: "none", extra: 1 }, "Unrecognized key"],
  ])("pagination %j is refused: %s", (value, message) => {
    const parsed = paginationSchema.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0].message).toContain(message);
  });

  it("defaults the first page number to 1 and incremental to iso8601 with a 300 s look-back", () => {
    expect(paginationSchema.parse({ type: "page", param: "page" })).toEqual({ type: "page", param: "page", startAt: 1 });
    expect(incrementalSchema.parse({ param: "changed_since" })).toEqual({ param: "changed_since", format: "iso8601", lookbackSeconds: 300 });
  });

  it("formats the since value in whole seconds", () => {
    const at = new Date("2026-11-27T10:00:00.789Z");
    expect(incrementalValue({ param: "p", format: "iso8601", lookbackSeconds: 300 }, at)).toBe("2026-11-27T09:55:00Z");
    expect(incrementalValue({ param: "p", format: "unixSeconds", lookbackSeconds: 0 }, at)).toBe(String(Math.floor(at.getTime() / 1000)));
  });

  it.each([
    [{ type: "bearer", token: "ok\u0007bell" }, ["token"]],
    [{ type: "header", name: "X-Api-Key", value: "a\r\nX-Evil: 1" }, ["value"]],
    [{ type: "basic", username: "a:b", password: "p" }, ["username"]],
    [{ type: "basic", username: "ü", password: "pass\u0000" }, ["password"]],
    [{ type: "oauth2ClientCredentials", tokenUrl: "https://id.example/token", clientId: "id\u001b", clientSecret: "s" }, ["clientId"]],
    [{ type: "oauth2ClientCredentials", tokenUrl: "https://id.example/token", clientId: "id", clientSecret: "s\u007f" }, ["clientSecret"]],
    [{ type: "bearer", token: "" }, ["token"]],
    [{ type: "query", name: "api key", value: "v" }, ["name"]],
  ])("credential %j is refused at %j (header-value charset, shape)", (value, path) => {
    const parsed = authInputSchema.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0].path).toEqual(path);
  });
});

describe("storage", () => {
  it("keeps the public part, seals the secret, never returns it", async () => {
    const created = await createDataSource(orgId, {
      ...base(),
      pagination: { type: "cursor", cursorPath: "pagination.continuation", param: "continuation", hasMorePath: "pagination.has_more_items" },
      auth: { type: "bearer", token: TOKEN },
      incremental: { param: "changed_since" },
      pauseBetweenPagesMs: 250,
    }, OPERATOR);
    expect(created.pagination).toEqual({ type: "cursor", cursorPath: "pagination.continuation", param: "continuation", hasMorePath: "pagination.has_more_items" });
    expect(created.auth).toEqual({ type: "bearer" });
    expect(created.incremental).toEqual({ param: "changed_since", format: "iso8601", lookbackSeconds: 300 });
    expect(created.pauseBetweenPagesMs).toBe(250);
    expect(JSON.stringify(created)).not.toContain(TOKEN);
    expect(JSON.stringify(await getDataSource(orgId, created.id))).not.toContain(TOKEN);
    const row = await getDb().dataSource.findUniqueOrThrow({ where: { id: created.id } });
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    expect(openSourceAuth(row)).toEqual({ type: "bearer", token: TOKEN });
  });

  it("stores the older nextPagePath as nextUrl pagination, and refuses both at once", async () => {
    const created = await createDataSource(orgId, { ...base(), nextPagePath: "links.next" }, OPERATOR);
    expect(created.pagination).toEqual({ type: "nextUrl", path: "links.next" });
    const both = await refusal(createDataSource(orgId, { ...base(), nextPagePath: "a", pagination: { type: "linkHeader" } }, OPERATOR));
    expect(both.code).toBe("INVALID_INPUT");
    const switched = await updateDataSource(orgId, created.id, { pagination: { type: "linkHeader" } }, OPERATOR);
    expect(switched.pagination).toEqual({ type: "linkHeader" });
    expect(switched.nextPagePath).toBeNull();
  });

  it("keeps a left-out secret on an edit, but not for another type or another origin", async () => {
    const created = await createDataSource(orgId, { ...base(), auth: { type: "header", name: "X-Api-Key", value: TOKEN } }, OPERATOR);
    await updateDataSource(orgId, created.id, { auth: { type: "header", name: "X-Key" } }, OPERATOR);
    let row = await getDb().dataSource.findUniqueOrThrow({ where: { id: created.id } });
    expect(openSourceAuth(row)).toEqual({ type: "header", name: "X-Key", value: TOKEN });

    const otherType = await refusal(updateDataSource(orgId, created.id, { auth: { type: "query", name: "api_key" } }, OPERATOR));
    expect(otherType.details?.fields).toHaveProperty(["auth.value"]);

    const moved = await refusal(updateDataSource(orgId, created.id, { url: "http://localhost:9/attendees" }, OPERATOR));
    expect(JSON.stringify(moved.details)).toContain("another site");
    const movedWithSecret = await updateDataSource(orgId, created.id, { url: "http://localhost:9/attendees", auth: { type: "header", name: "X-Key", value: "new-one" } }, OPERATOR);
    expect(movedWithSecret.auth).toEqual({ type: "header", name: "X-Key" });
    row = await getDb().dataSource.findUniqueOrThrow({ where: { id: created.id } });
    expect(openSourceAuth(row)).toEqual({ type: "header", name: "X-Key", value: "new-one" });

    await updateDataSource(orgId, created.id, { auth: { type: "none" } }, OPERATOR);
    row = await getDb().dataSource.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.authCiphertext).toBeNull();
  });

  it("keeps an OAuth client secret only for the same token origin, and guards the token URL", async () => {
    const auth = { type: "oauth2ClientCredentials", tokenUrl: "http://127.0.0.1:9/token", clientId: "client-1", clientSecret: TOKEN, scope: "read" };
    const created = await createDataSource(orgId, { ...base(), auth }, OPERATOR);
    expect(created.auth).toEqual({ type: "oauth2ClientCredentials", tokenUrl: "http://127.0.0.1:9/token", clientId: "client-1", scope: "read" });
    const { clientSecret: _secret, ...withoutSecret } = auth;
    await updateDataSource(orgId, created.id, { auth: { ...withoutSecret, tokenUrl: "http://127.0.0.1:9/oauth/token" } }, OPERATOR);
    const moved = await refusal(updateDataSource(orgId, created.id, { auth: { ...withoutSecret, tokenUrl: "http://localhost:9/token" } }, OPERATOR));
    expect(JSON.stringify(moved.details)).toContain("only sent to its token URL");
    const blocked = await refusal(createDataSource(orgId, { ...base(), auth: { ...auth, tokenUrl: "http://169.254.169.254/token" } }, OPERATOR));
    expect(blocked.details?.fields).toHaveProperty(["auth.tokenUrl"]);
  });
});
