import fs from "node:fs";
import path from "node:path";

// The route files under app/, read the way the App Router reads them: a folder is a path
// segment, [name] a dynamic one, [...name] a catch-all, [[...name]] an optional one. Used by the in-process HTTP test
// server and by the test that checks the OpenAPI document describes every route.

export type RouteEntry = {
  /** e.g. /partner/v1/events/{eventId}/attendees */
  template: string;
  file: string;
  segments: { kind: "static" | "dynamic" | "catchAll"; value: string; optional?: boolean }[];
};

export function routeTable(baseDir: string, urlPrefix: string): RouteEntry[] {
  const entries: RouteEntry[] = [];
  const walk = (dir: string, parts: string[]) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), [...parts, entry.name]);
      else if (entry.name === "route.ts") {
        const segments = [...urlPrefix.split("/").filter(Boolean), ...parts].map((part) => {
          if (part.startsWith("[[...")) return { kind: "catchAll" as const, value: part.slice(5, -2), optional: true };
          if (part.startsWith("[...")) return { kind: "catchAll" as const, value: part.slice(4, -1) };
          if (part.startsWith("[")) return { kind: "dynamic" as const, value: part.slice(1, -1) };
          return { kind: "static" as const, value: part };
        });
        const template =
          "/" +
          segments
            .map((s) => (s.kind === "static" ? s.value : s.kind === "dynamic" ? `{${s.value}}` : `{...${s.value}}`))
            .join("/");
        entries.push({ template, file: path.join(dir, entry.name), segments });
      }
    }
  };
  walk(baseDir, []);
  return entries;
}

/** Static beats dynamic beats catch-all, segment by segment, as in Next.js. */
export function matchRoute(
  routes: RouteEntry[],
  pathname: string,
): { route: RouteEntry; params: Record<string, string | string[]> } | null {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const rank = (route: RouteEntry) => route.segments.map((s) => (s.kind === "static" ? 0 : s.kind === "dynamic" ? 1 : 2));
  const ordered = [...routes].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    for (let i = 0; i < Math.max(ra.length, rb.length); i++) {
      const diff = (ra[i] ?? -1) - (rb[i] ?? -1);
      if (diff !== 0) return diff;
    }
    return 0;
  });
  for (const route of ordered) {
    const params: Record<string, string | string[]> = {};
    let matched = true;
    for (let i = 0; i < route.segments.length; i++) {
      const segment = route.segments[i];
      if (segment.kind === "catchAll") {
        if (i < parts.length) params[segment.value] = parts.slice(i);
        else if (!segment.optional) matched = false;
        break;
      }
      if (i >= parts.length) {
        matched = false;
        break;
      }
      if (segment.kind === "static" && segment.value !== parts[i]) {
        matched = false;
        break;
      }
      if (segment.kind === "dynamic") params[segment.value] = parts[i];
      if (i === route.segments.length - 1 && parts.length !== route.segments.length) matched = false;
    }
    if (matched) return { route, params };
  }
  return null;
}
