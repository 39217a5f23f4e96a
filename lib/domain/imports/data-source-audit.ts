import type { Prisma, DataSource } from "@/lib/generated/prisma/client";
import { storedAuthOf } from "./auth-secrets";

// What the audit log says about a data source: its public settings only. Header values
// and the credential's secret are never read here (only header names and the public part
// of the auth: type, user name, token URL, client id).

export function dataSourceTarget(source: Pick<DataSource, "id" | "name">) {
  return { type: "data_source", id: source.id, label: source.name };
}

type Snapshot = Record<string, Prisma.InputJsonValue | null>;

function snapshot(source: DataSource): Snapshot {
  return {
    name: source.name,
    url: source.url,
    headerNames: [...source.headerNames],
    recordsPath: source.recordsPath,
    pagination: (source.pagination as Prisma.InputJsonValue | null) ?? null,
    auth: storedAuthOf(source) as Prisma.InputJsonValue,
    incremental: (source.incremental as Prisma.InputJsonValue | null) ?? null,
    pauseBetweenPagesMs: source.pauseBetweenPagesMs,
    schedule: source.schedule,
  };
}

/** The created source's settings (the mapping is summarised by its field count). */
export function createdSummary(source: DataSource): Prisma.InputJsonObject {
  return { ...snapshot(source), eventId: source.eventId, target: source.target, mappedFields: mappedFieldCount(source.mapping) };
}

/**
 * Before and after of each public setting that changed; the mapping is named as changed,
 * and a credential given anew is named as replaced, without any value.
 */
export function editedSummary(before: DataSource, after: DataSource, options: { credentialReplaced: boolean }): Prisma.InputJsonObject {
  const from = snapshot(before);
  const to = snapshot(after);
  const changes: Record<string, Prisma.InputJsonValue> = {};
  for (const key of Object.keys(to)) {
    if (JSON.stringify(from[key]) !== JSON.stringify(to[key])) changes[key] = { from: from[key], to: to[key] } as Prisma.InputJsonObject;
  }
  if (JSON.stringify(before.mapping) !== JSON.stringify(after.mapping)) changes.mapping = "changed";
  if (options.credentialReplaced) changes.credential = "replaced";
  return changes;
}

function mappedFieldCount(mapping: Prisma.JsonValue): number {
  const fields = mapping && typeof mapping === "object" && !Array.isArray(mapping) ? (mapping as { fields?: unknown }).fields : undefined;
  return fields && typeof fields === "object" ? Object.keys(fields).length : 0;
}
