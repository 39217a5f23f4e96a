import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { generateWebhookSecret, isWebhookSecret } from "./webhook-signer";

// Where `svc-partner` keeps what must survive a restart: the machine's local signing
// secret (so a receiver configured once keeps verifying) and, per base URL, key and event
// filter, the listener's position in the feed. SVC_PARTNER_HOME overrides the folder.

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SVC_PARTNER_HOME) return env.SVC_PARTNER_HOME;
  const base = env.XDG_CONFIG_HOME || path.join(homedir(), ".config");
  return path.join(base, "svc-partner");
}

/** The machine's local signing secret, made (readable by its owner only) on first use. */
export function localSecret(dir: string): string {
  const file = path.join(dir, "webhook-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (isWebhookSecret(stored)) return stored;
    throw new Error(`${file} does not hold a whsec_ secret; delete it to make a new one.`);
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = generateWebhookSecret();
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export type ListenState = {
  /** Events created before this instant are never forwarded (the first start: "now"). */
  floor: string;
  /** The newest createdAt forwarded so far. */
  watermark: string;
  /** Ids forwarded within the overlap window before the watermark, with their createdAt. */
  recent: Record<string, string>;
};

export function stateFile(dir: string, identity: { baseUrl: string; keyId: string; types: string[] }): string {
  const hash = createHash("sha256").update(`${identity.baseUrl}\n${identity.keyId}\n${[...identity.types].sort().join(",")}`).digest("hex").slice(0, 16);
  return path.join(dir, `listen-${hash}.json`);
}

export function readState(file: string): ListenState | null {
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<ListenState>;
    if (typeof parsed.floor === "string" && typeof parsed.watermark === "string" && parsed.recent && typeof parsed.recent === "object") return parsed as ListenState;
  } catch {
    // A torn or hand-edited file: fall through to the error below.
  }
  throw new Error(`${file} is not a listener state file; delete it to start from now.`);
}

/** Written to a temporary file then renamed: a crash mid-write leaves the previous state. */
export function writeState(file: string, state: ListenState): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, file);
}
