import { randomBytes, scryptSync } from "node:crypto";
import { expect, test, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { PASSWORD, signUp, uniqueEmail } from "./support/console";
import { sql } from "./support/server";

// Through the built app: hostile callback URLs stay on our
// origin, the credentials endpoint answers 429 + Retry-After after 10 failures without
// checking the password, the sign-in form explains both refusals, and an old-cost
// password hash is upgraded by signing in.

// Nothing may leave 127.0.0.1: a redirect that escaped would be aborted here (and the
// assertion on the final URL fails) instead of reaching the network.
async function keepLocal(context: BrowserContext) {
  await context.route(
    (url) => url.hostname !== "127.0.0.1",
    (route) => route.abort("blockedbyclient"),
  );
}

const HOSTILE_CALLBACKS = ["/..//evil.invalid", "/.//evil.invalid", "/%2e%2e//evil.invalid", "/./\\evil.invalid", "//evil.invalid", "/\t/evil.invalid"];

test("a signed-in visitor sent to /sign-in with a hostile callbackUrl lands on our console", async ({ page, context, baseURL }) => {
  await keepLocal(context);
  await signUp(page, { email: uniqueEmail("redirect"), orgName: "Redirect Org" });
  for (const callbackUrl of HOSTILE_CALLBACKS) {
    await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`).catch(() => null);
    const landed = new URL(page.url());
    expect(landed.origin, callbackUrl).toBe(new URL(baseURL!).origin);
    expect(landed.pathname, callbackUrl).toMatch(/^\/console(\/|$)/);
  }
});

test("signing in through the form with a hostile callbackUrl lands on our console", async ({ page, context, baseURL }) => {
  await keepLocal(context);
  const email = uniqueEmail("redirect-form");
  await signUp(page, { email, orgName: "Redirect Form Org" });
  await context.clearCookies();
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent("/%2e%2e//evil.invalid/console")}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/console"));
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
});

async function credentialsAttempt(request: APIRequestContext, email: string, password: string) {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  return request.post("/api/auth/callback/credentials", {
    form: { email, password, csrfToken, json: "true", callbackUrl: "/console" },
  });
}

test("10 wrong passwords pause the account: 429 with Retry-After, the right password is not checked, the form says so", async ({ page, request }) => {
  const email = uniqueEmail("throttled");
  await signUp(page, { email, orgName: "Throttle Org" });
  await page.context().clearCookies();

  for (let attempt = 1; attempt <= 10; attempt += 1) {
    const response = await credentialsAttempt(request, email, `wrong password ${attempt}`);
    expect(response.status(), `attempt ${attempt}`).toBe(401);
  }
  // The right password, in another case of the email: refused all the same.
  const refused = await credentialsAttempt(request, email.toUpperCase(), PASSWORD);
  expect(refused.status()).toBe(429);
  const retryAfter = Number(refused.headers()["retry-after"]);
  expect(retryAfter).toBeGreaterThan(14 * 60);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  const body = (await refused.json()) as { error: { code: string; message: string; details: { reason: string }; requestId: string }; url: string };
  expect(body.error).toMatchObject({ code: "RATE_LIMITED", details: { reason: "too_many_attempts" } });
  expect(body.error.message).toMatch(/^Too many attempts\. Try again in 1[45] minutes\.$/);
  expect(body.error.requestId).toMatch(/^req_/);
  expect(new URL(body.url).searchParams.get("error")).toBe("TooManyAttempts");

  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("form-status")).toHaveText(
    "Too many failed sign-in attempts. Sign-in for this account is paused for up to 15 minutes; try again later.",
  );
  await expect(page).toHaveURL(/\/sign-in$/);

  // Another account is not affected.
  const other = uniqueEmail("unaffected");
  await signUp(page, { email: other, orgName: "Other Org" });
  await page.context().clearCookies();
  const ok = await credentialsAttempt(request, other, PASSWORD);
  expect(ok.status()).toBe(200);
});

/** A password user written straight to the database (old-cost hash: quick to check). */
async function passwordUser(tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const salt = randomBytes(16);
  const key = scryptSync(PASSWORD, salt, 64, { N: 16384, r: 8, p: 1 });
  await sql(`INSERT INTO "User" (email, name, "passwordHash") VALUES ($1, 'Limited', $2)`, [email, ["scrypt", 16384, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$")]);
  return email;
}

test("no body shape gets past the sign-in limit: JSON and repeated fields are refused, parallel guesses get 10 checks, then the right password is refused", async ({ request }) => {
  const email = await passwordUser("parallel");
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const guesses = await Promise.all(
    Array.from({ length: 16 }, (_, index) =>
      request.post("/api/auth/callback/credentials", { form: { email, password: `wrong guess ${index}`, csrfToken, json: "true" } }),
    ),
  );
  const statuses = guesses.map((response) => response.status());
  expect(statuses.filter((status) => status === 401)).toHaveLength(10);
  expect(statuses.filter((status) => status === 429)).toHaveLength(6);

  // The shapes next-auth would also read, with the right password: refused before it runs.
  const json = await request.post("/api/auth/callback/credentials", {
    headers: { "content-type": "application/json" },
    data: JSON.stringify({ email, password: PASSWORD, csrfToken, json: "true" }),
  });
  expect(json.status()).toBe(400);
  expect(((await json.json()) as { error: { details: { reason: string } } }).error.details.reason).toBe("invalid_content_type");
  const decoy = await request.post("/api/auth/callback/credentials", {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: `email=${encodeURIComponent(uniqueEmail("decoy"))}&email=${encodeURIComponent(email)}&password=${encodeURIComponent(PASSWORD)}&csrfToken=${csrfToken}&json=true`,
  });
  expect(decoy.status()).toBe(400);
  expect(((await decoy.json()) as { error: { details: { reason: string } } }).error.details.reason).toBe("repeated_field");
  expect(json.headers()["set-cookie"] ?? "").not.toContain("session-token");
  expect(decoy.headers()["set-cookie"] ?? "").not.toContain("session-token");

  const right = await credentialsAttempt(request, email, PASSWORD);
  expect(right.status()).toBe(429);
  expect(right.headers()["set-cookie"] ?? "").not.toContain("session-token");
});

test("an OAuth sign-in refused for an unverified password account tells the user to use their password", async ({ page }) => {
  await page.goto("/sign-in?error=OAuthLinkRefused");
  await expect(page.getByTestId("form-status")).toContainText("Sign in with your email and password.");
});

test("a full password-hash queue is explained on the sign-in form, not shown as a generic failure", async ({ page }) => {
  // The code next-auth puts in its error URL when authorize refuses for a full queue (lib/auth/options.ts).
  await page.goto("/sign-in?error=ServerBusy");
  await expect(page.getByTestId("form-status")).toHaveText("The server is busy, try again in a moment.");
});

test("a password stored at the old cost (N=2^14) signs in and is re-hashed at N=2^17", async ({ page }) => {
  const email = uniqueEmail("legacy");
  const salt = randomBytes(16);
  const oldKey = scryptSync(PASSWORD, salt, 64, { N: 16384, r: 8, p: 1 });
  const oldHash = ["scrypt", 16384, 8, 1, salt.toString("base64url"), oldKey.toString("base64url")].join("$");
  await sql(`INSERT INTO "User" (email, name, "passwordHash") VALUES ($1, 'Legacy', $2)`, [email, oldHash]);

  const signInThroughForm = async () => {
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/console"));
  };
  await signInThroughForm();
  const [{ passwordHash }] = await sql<{ passwordHash: string }>(`SELECT "passwordHash" FROM "User" WHERE email = $1`, [email]);
  expect(passwordHash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);

  await page.context().clearCookies();
  await signInThroughForm();
});
