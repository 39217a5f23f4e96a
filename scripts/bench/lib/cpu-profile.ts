import fs from "node:fs";
import path from "node:path";

// BENCH_CPU_PROFILE=1: the `next start` process runs with --cpu-prof, and its profile is
// summarised here as the share of its busy (non-idle) time spent in each package, so the
// output says whether the app's time goes to Next, Prisma, pg, our code or the GC.

type ProfileNode = { id: number; hitCount?: number; callFrame: { functionName: string; url: string } };

function bucket(frame: ProfileNode["callFrame"]): string {
  const url = frame.url;
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1];
  if (url.includes("/.next/server/chunks/")) return "app code (.next server chunks: our lib/ and app/, bundled deps)";
  if (url.startsWith("node:")) return "node internals";
  if (!url) return frame.functionName.startsWith("(") ? frame.functionName : "native";
  return "other";
}

export function summariseCpuProfile(dir: string, top = 12): { busyShareOfWall: number; byPackage: Record<string, number> } | null {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith(".cpuprofile")) : [];
  if (!files.length) return null;
  const newest = files.map((name) => path.join(dir, name)).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  const profile = JSON.parse(fs.readFileSync(newest, "utf8")) as { nodes: ProfileNode[] };
  const totals = new Map<string, number>();
  let all = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    all += hits;
    const key = bucket(node.callFrame);
    totals.set(key, (totals.get(key) ?? 0) + hits);
  }
  const idle = totals.get("(idle)") ?? 0;
  totals.delete("(idle)");
  const busy = all - idle;
  const byPackage = Object.fromEntries(
    [...totals.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, hits]) => [key, Math.round((hits / busy) * 1000) / 10]),
  );
  return { busyShareOfWall: Math.round((busy / all) * 100) / 100, byPackage };
}
