import fs from "node:fs";

// CPU time of a process and its descendants, read from /proc: the server's own cost per
// request, a figure that still means something when other work shares the machine and
// wall-clock rates do not. Linux only; elsewhere null.

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux build the project runs on

/** A process's command name and the fields after it (the name is in parentheses and may hold spaces). */
function readStat(pid: string | number): { command: string; fields: string[] } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return { command: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), fields: stat.slice(stat.lastIndexOf(")") + 2).split(" ") };
}

function cpuTicks(pid: number): number {
  const { fields } = readStat(pid);
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
  return Number(fields[11]) + Number(fields[12]);
}

function descendants(pid: number): number[] {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  if (!children) return [pid];
  return [pid, ...children.split(" ").flatMap((child) => descendants(Number(child)))];
}

/** Milliseconds of CPU the process tree has used so far, or null where /proc cannot tell. */
export function processTreeCpuMs(pid: number): number | null {
  try {
    const ticks = descendants(pid).reduce((sum, each) => sum + cpuTicks(each), 0);
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/** Whether the database is on this machine: only then do its processes and counters measure the bench alone. */
export function isLocalDatabase(databaseUrl: string | undefined): databaseUrl is string {
  return Boolean(databaseUrl) && URL.canParse(databaseUrl!) && LOCAL_HOSTS.has(new URL(databaseUrl!).hostname);
}

type PostgresTicks = { total: number; reapedByPostmasters: number; postmasters: string[] };

/**
 * utime + stime + cutime + cstime of every `postgres` process: a backend that ended (a
 * pool closing idle connections) leaves the sum of the living, but its time stays with
 * the postmaster that reaped it. Null when there is none.
 */
function postgresTicks(): PostgresTicks | null {
  const stats = new Map<string, string[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readStat(entry);
      if (stat.command === "postgres") stats.set(entry, stat.fields);
    } catch {
      // ended meanwhile
    }
  }
  if (stats.size === 0) return null;
  let total = 0;
  let reapedByPostmasters = 0;
  const postmasters: string[] = [];
  for (const [pid, fields] of stats) {
    total += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    // The postmaster: a postgres process whose parent (field 4, index 1) is not one.
    if (!stats.has(fields[1])) {
      postmasters.push(pid);
      reapedByPostmasters += Number(fields[13]) + Number(fields[14]);
    }
  }
  return { total, reapedByPostmasters, postmasters };
}

function reapedTicks(postmasters: string[]): number {
  return postmasters.reduce((sum, pid) => {
    const { fields } = readStat(pid);
    return sum + Number(fields[13]) + Number(fields[14]);
  }, 0);
}

/**
 * Milliseconds of CPU every PostgreSQL server process on this machine has used so far:
 * what the database spends on a case, when the bench database is local (the statements
 * of the app and of nothing else, while a case runs). Null for a remote database, for
 * the embedded one (it runs inside the server process) and where /proc cannot tell.
 *
 * A backend that ends while the processes are being read could be missed by the reading
 * (its time not yet with the postmaster when that was read, the backend gone when its turn
 * came) or counted twice (read, then reaped before the postmaster was read): a reading is
 * kept only when no backend was reaped from just before it to just after it.
 */
export function localPostgresCpuMs(databaseUrl: string | undefined): number | null {
  if (!isLocalDatabase(databaseUrl)) return null;
  try {
    let postmasters = postgresTicks()?.postmasters;
    for (let attempt = 0; postmasters && attempt < 10; attempt++) {
      const before = reapedTicks(postmasters);
      const reading = postgresTicks();
      if (!reading) return null;
      const after = reapedTicks(reading.postmasters);
      if (before === reading.reapedByPostmasters && after === before) return (reading.total * 1000) / TICKS_PER_SECOND;
      postmasters = reading.postmasters;
    }
    return null;
  } catch {
    return null;
  }
}
