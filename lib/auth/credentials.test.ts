import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { authorizeCredentials } from "./credentials";
import { HashQueue, passwordHashQueue } from "./hash-queue";
import { hashPassword, hashPasswordWithParams, needsRehash, SCRYPT_PARAMS, verifyPassword } from "./passwords";

const password = "a perfectly long password";
let email: string;
let userId: string;

beforeAll(async () => {
  email = `signin-${randomBytes(4).toString("hex")}@example.com`;
  const user = await getDb().user.create({ data: { email, name: "Sam", passwordHash: await hashPassword(password) } });
  userId = user.id;
});

describe("authorizeCredentials", () => {
  it("returns the user for the right password, matching the email in any case", async () => {
    await expect(authorizeCredentials({ email: ` ${email.toUpperCase()} `, password })).resolves.toEqual({ id: userId, email, name: "Sam" });
  });

  it.each([
    ["wrong password", () => ({ email, password: "not the password" })],
    ["unknown email", () => ({ email: "nobody@example.com", password })],
    ["missing fields", () => ({})],
    ["not an object", () => "x"],
  ])("returns null for %s", async (_name, input) => {
    await expect(authorizeCredentials(input())).resolves.toBeNull();
  });

  it("refuses OAuth-only users (no password hash)", async () => {
    const oauthEmail = `oauth-${randomBytes(4).toString("hex")}@example.com`;
    await getDb().user.create({ data: { email: oauthEmail, passwordHash: null } });
    await expect(authorizeCredentials({ email: oauthEmail, password })).resolves.toBeNull();
  });

  it("runs no password hash for an unknown email, only a turn in the hash queue (docs/security.md: Enumeration)", async () => {
    const queue = passwordHashQueue();
    await authorizeCredentials({ email, password: "not the password" }); // a real hash, so one duration is known
    const [started, imitated] = [queue.started, queue.imitated];
    await authorizeCredentials({ email: `nobody-${randomBytes(4).toString("hex")}@example.com`, password });
    expect(queue.started - started).toBe(0);
    expect(queue.imitated - imitated).toBe(1);
  });
});

describe("password hash upgrade", () => {
  it("re-hashes an old-format (N=2^14) password at today's cost on the next successful sign-in", async () => {
    const oldEmail = `legacy-${randomBytes(4).toString("hex")}@example.com`;
    const oldHash = await hashPasswordWithParams(password, { N: 16384, r: 8, p: 1 });
    expect(oldHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    const user = await getDb().user.create({ data: { email: oldEmail, passwordHash: oldHash } });

    await expect(authorizeCredentials({ email: oldEmail, password: "wrong password!" })).resolves.toBeNull();
    expect((await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(oldHash);

    await expect(authorizeCredentials({ email: oldEmail, password })).resolves.toMatchObject({ id: user.id });
    const upgraded = (await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash!;
    expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(needsRehash(upgraded)).toBe(false);
    await expect(authorizeCredentials({ email: oldEmail, password })).resolves.toMatchObject({ id: user.id });
    expect((await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(upgraded);
  });
});

describe("passwords", () => {
  it("hashes at N=2^17, r=8, p=1 with a fresh salt and verifies only the right password", async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 131072, r: 8, p: 1 });
    const [a, b] = await Promise.all([hashPassword(password), hashPassword(password)]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword(password, a)).toBe(true);
    expect(await verifyPassword(password + "!", a)).toBe(false);
  });

  it.each([
    "bcrypt$whatever",
    "scrypt$1000$8$1$c2FsdA$aGFzaA", // N not a power of two
    "scrypt$4194304$8$1$c2FsdA$aGFzaA", // N above the cap: a tampered row must not allocate gigabytes
    "scrypt$16384$0$1$c2FsdA$aGFzaA",
    "scrypt$16384$8$1$c2FsdA",
    "",
  ])("refuses a malformed stored hash %j without throwing", async (stored) => {
    await expect(verifyPassword(password, stored)).resolves.toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });
});

describe("HashQueue", () => {
  it("runs at most `concurrency` jobs at once and refuses work past its queue", async () => {
    const queue = new HashQueue(1, 2);
    let active = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      queue.run(async () => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active -= 1;
      });
    const running = [job(), job(), job()];
    await expect(job()).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE", headers: { "retry-after": "2" } });
    while (releases.length > 0 || active > 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      releases.shift()?.();
    }
    await Promise.all(running);
    expect(peak).toBe(1);
    expect(queue.started).toBe(3);
  });

  it("a turn waits behind the hashes queued before it, never holds one back, and is refused when the queue is full", async () => {
    const queue = new HashQueue(1, 1);
    const order: string[] = [];
    let releaseFirst!: () => void;
    const first = queue.run(() => new Promise<void>((resolve) => (releaseFirst = resolve)).then(() => void order.push("first hash")));
    const turns = [queue.turn().then(() => order.push("turn 1")), queue.turn().then(() => order.push("turn 2"))];
    // Turns do not fill the queue: a hash still finds its place, behind them.
    const second = queue.run(async () => void order.push("second hash"));
    await expect(queue.run(async () => undefined)).rejects.toMatchObject({ details: { reason: "password_hashing_busy" } });
    await expect(queue.turn()).rejects.toMatchObject({ details: { reason: "password_hashing_busy" } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    releaseFirst();
    await Promise.all([first, ...turns, second]);
    expect(order[0]).toBe("first hash");
    expect(order.slice(1).sort()).toEqual(["second hash", "turn 1", "turn 2"]);
    expect(queue.started).toBe(2);
    expect(queue.imitated).toBe(3);
    // Idle: a turn is immediate and leaves the slot free.
    await queue.turn();
    await queue.run(async () => undefined);
  });
});
