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

/**
 * Milliseconds of CPU every PostgreSQL server process on this machine has used so far:
 * what the database spends on a case, when the bench database is local (the statements
 * of the app and of nothing else, while a case runs). Null for a remote database, for
 * the embedded one (it runs inside the server process) and where /proc cannot tell.
 */
export function localPostgresCpuMs(databaseUrl: string | undefined): number | null {
  if (!databaseUrl || !URL.canParse(databaseUrl) || !LOCAL_HOSTS.has(new URL(databaseUrl).hostname)) return null;
  try {
    let ticks = 0;
    let found = false;
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: ReturnType<typeof readStat>;
      try {
        stat = readStat(entry);
      } catch {
        continue; // ended meanwhile
      }
      if (stat.command !== "postgres") continue;
      const { fields } = stat;
      // utime + stime, and cutime + cstime: a backend that ended (a pool closing idle
      // connections) leaves the sum of the living, but its time stays with the postmaster
      // that reaped it.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      found = true;
    }
    return found ? (ticks * 1000) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}
