import { z } from "zod";
import type { ApiScope } from "@/lib/generated/prisma/enums";

// The spec's scope names; the database enum spells them with "_" (Prisma enum names
// cannot hold ":") and maps them back to these exact strings in PostgreSQL.
export const SCOPES = ["events:read", "attendees:read", "attendees:write", "engagement:read"] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  "events:read": "Events, sessions, tracks, rooms, speakers, sponsors, published info sections",
  "attendees:read": "Attendee list and single attendee",
  "attendees:write": "Create and update attendees",
  "engagement:read": "Check-ins, session attendance, forms, form submissions, feedback",
};

export const scopeSchema = z.enum(SCOPES);

export function toDbScope(scope: Scope): ApiScope {
  return scope.replace(":", "_") as ApiScope;
}

export function fromDbScope(scope: ApiScope): Scope {
  return scope.replace("_", ":") as Scope;
}
