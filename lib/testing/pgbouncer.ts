import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "@/lib/platform/lifecycle/free-port";

// A real PgBouncer in front of the test PostgreSQL server, configured the way Neon's
// pooled connection string and a stock install behave: transaction pooling, and
// `ignore_startup_parameters = extra_float_digits`, so any other startup parameter a
// client sends (statement_timeout, options, search_path...) is refused with 08P01.
// PgBouncer refuses to run as root: as root it is started as the `postgres` user.

export type PgBouncer = {
  port: number;
  /** The server URL's database, user and password, reached through the pooler. */
  url: (databaseUrl: string) => string;
  /** Everything PgBouncer wrote so far (its log goes to stderr). */
  log: () => string;
  stop: () => Promise<void>;
};

export type PgBouncerOptions = {
  /** Server connections per database and user (PgBouncer's default_pool_size). */
  poolSize?: number;
  maxClientConnections?: number;
};

const CANDIDATES = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer", "/usr/local/bin/pgbouncer", "/usr/local/sbin/pgbouncer", "/opt/homebrew/bin/pgbouncer"];

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const full = path.join(dir, name);
    if (dir && fs.existsSync(full)) return full;
  }
  return null;
}

function findBinary(): string | null {
  if (process.env.PGBOUNCER_PATH) return process.env.PGBOUNCER_PATH;
  return onPath("pgbouncer") ?? CANDIDATES.find((candidate) => fs.existsSync(candidate)) ?? null;
}

const isRoot = () => process.getuid?.() === 0;

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

/** The pgbouncer binary, installed now from the system's packages when that is possible. */
export function pgBouncerBinary(): string {
  const found = findBinary();
  if (found) return found;
  try {
    if (isRoot() && onPath("apt-get")) {
      const quiet = { stdio: "ignore" as const, env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } };
      try {
        execFileSync("apt-get", ["install", "-y", "-qq", "pgbouncer"], quiet);
      } catch {
        execFileSync("apt-get", ["update", "-qq"], quiet);
        execFileSync("apt-get", ["install", "-y", "-qq", "pgbouncer"], quiet);
      }
    } else if (onPath("brew")) {
      execFileSync("brew", ["install", "pgbouncer"], { stdio: "ignore" });
    }
  } catch {
    // Reported below with what to do.
  }
  const installed = findBinary();
  if (installed) return installed;
  throw new Error(
    "PgBouncer is needed by the pooler tests and could not be installed here: install it (apt-get install pgbouncer, brew install pgbouncer) or set PGBOUNCER_PATH.",
  );
}


async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`PgBouncer exited (${child.exitCode}):\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`PgBouncer did not listen on ${port} within 10 s:\n${log()}`);
}

/** Starts PgBouncer in front of the PostgreSQL server of `serverUrl` (any database on it). */
export async function startPgBouncer(serverUrl: string, options: PgBouncerOptions = {}): Promise<PgBouncer> {
  const binary = pgBouncerBinary();
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || "postgres");
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pgbouncer-"));
  fs.chmodSync(dir, 0o755);
  const ini = path.join(dir, "pgbouncer.ini");
  const authFile = path.join(dir, "userlist.txt");
  fs.writeFileSync(authFile, `"${user}" "${decodeURIComponent(server.password)}"\n`);
  fs.writeFileSync(
    ini,
    [
      "[databases]",
      `* = host=${server.hostname} port=${server.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${authFile}`,
      "pool_mode = transaction",
      // The stock setting: every other startup parameter is refused.
      "ignore_startup_parameters = extra_float_digits",
      `default_pool_size = ${options.poolSize ?? 10}`,
      `max_client_conn = ${options.maxClientConnections ?? 400}`,
      "server_lifetime = 3600",
      "log_connections = 0",
      "log_disconnections = 0",
      "",
    ].join("\n"),
  );
  for (const file of [ini, authFile]) fs.chmodSync(file, 0o644);

  const child = spawn(binary, [ini], { stdio: ["ignore", "pipe", "pipe"], ...(isRoot() ? postgresUser() : {}) });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const log = () => output;
  await waitForPort(port, child, log);

  return {
    port,
    url: (databaseUrl) => {
      const pooled = new URL(databaseUrl);
      pooled.hostname = "127.0.0.1";
      pooled.port = String(port);
      return pooled.toString();
    },
    log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGINT");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
