import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger";

// Whatever shape a caller logs, secret values never reach the output.

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const log = createLogger(stream);
  log.level = "info";
  return { log, lines };
}

const SECRETS = {
  bearer: "Bearer sk_live_abcdefghijklmnopqrstuvwxyz012345",
  cookie: "next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.secret-cookie",
  webhookSecret: "whsec_0123456789abcdefghijklmnopqrstuv",
  password: "correct horse battery staple",
  dataSourceHeader: "Token ds-header-value-0123456789",
  ciphertext: "v1.iv.ciphertext-of-a-secret",
};

describe("logger redaction", () => {
  it.each([
    ["top-level fields", { authorization: SECRETS.bearer, cookie: SECRETS.cookie, password: SECRETS.password, secret: SECRETS.webhookSecret }],
    ["request headers", { req: { headers: { authorization: SECRETS.bearer, cookie: SECRETS.cookie, "x-api-key": SECRETS.bearer } } }],
    ["a headers object at any first level", { headers: { Authorization: SECRETS.dataSourceHeader, "X-Api-Token": SECRETS.dataSourceHeader } }],
    ["a data source", { source: { headers: { "X-Token": SECRETS.dataSourceHeader }, headerValues: [SECRETS.dataSourceHeader], headersCiphertext: SECRETS.ciphertext } }],
    ["an endpoint", { endpoint: { signingSecret: SECRETS.webhookSecret, secretCiphertext: SECRETS.ciphertext, previousSecretCiphertext: SECRETS.ciphertext } }],
    ["a user and a key", { user: { email: "a@example.com", password: SECRETS.password }, key: { id: "k1", secret: SECRETS.bearer, apiKey: SECRETS.bearer } }],
  ])("redacts %s", (_name, object) => {
    const { log, lines } = capture();
    log.info(object, "something happened");
    expect(lines).toHaveLength(1);
    const line = lines[0];
    for (const secret of Object.values(SECRETS)) expect(line).not.toContain(secret);
    expect(line).toContain("[redacted]");
    expect(JSON.parse(line)).toMatchObject({ level: "info", msg: "something happened" });
  });

  it("keeps fields that are not secret", () => {
    const { log, lines } = capture();
    log.info({ requestId: "req_1", keyId: "k1", orgId: "o1", status: 200 }, "partner api request");
    expect(JSON.parse(lines[0])).toMatchObject({ requestId: "req_1", keyId: "k1", orgId: "o1", status: 200 });
  });
});
