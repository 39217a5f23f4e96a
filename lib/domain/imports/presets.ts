import { z } from "zod";
import type { AttendeeMapping } from "./mapping";
import type { AuthInput, IncrementalConfig, PaginationConfig } from "./source-config";

// Ready-made configurations for the registration systems organisers use most, from each
// provider's public API documentation. A preset fills the URL, paging, authentication
// style, records path and mapping; the organiser gives only their token and ids. Each is
// tested against a local server answering in the provider's documented shape
// (presets.test.ts, fixtures in testing/preset-fixtures.ts).
//
// Each preset also leaves out registrations that are not (or no longer) guests: its `skip`
// rules (skip-rules.ts) read the provider's documented cancellation fields, cited beside
// each one. Where the documentation is uncertain, docs/imports.md says so.

export type PresetInput = {
  key: string;
  label: string;
  help: string;
  /** A secret (the token): masked in the form, sealed on save. */
  secret?: boolean;
  /** Pre-filled value (pretix's hosted address). */
  default?: string;
};

export type DataSourcePreset = {
  id: "eventbrite" | "tito" | "pretix" | "hubspot";
  label: string;
  description: string;
  docsUrl: string;
  inputs: PresetInput[];
  /** `{key}` placeholders are replaced by the inputs, URL-encoded (`{base_url}` is taken as is). */
  urlTemplate: string;
  recordsPath: string;
  pagination: PaginationConfig;
  incremental: IncrementalConfig | null;
  auth: (values: Record<string, string>) => AuthInput;
  mapping: AttendeeMapping;
};

export const DATA_SOURCE_PRESETS: readonly DataSourcePreset[] = [
  {
    id: "eventbrite",
    label: "Eventbrite: attendees of an event",
    description: "Eventbrite's List Attendees by Event (API v3), paged by continuation token, changed attendees only after the first run.",
    docsUrl: "https://www.eventbrite.com/platform/api#/reference/attendee/list-attendees-by-event",
    inputs: [
      { key: "event_id", label: "Eventbrite event id", help: "The number in the event's URL, such as 123456789012." },
      { key: "token", label: "Private token", help: "Account settings → Developer links → API keys → Private token.", secret: true },
    ],
    urlTemplate: "https://www.eventbriteapi.com/v3/events/{event_id}/attendees/",
    recordsPath: "attendees",
    pagination: { type: "cursor", cursorPath: "pagination.continuation", param: "continuation", hasMorePath: "pagination.has_more_items" },
    incremental: { param: "changed_since", format: "iso8601", lookbackSeconds: 300 },
    auth: (values) => ({ type: "bearer", token: values.token }),
    mapping: {
      // Attendee object (https://www.eventbrite.com/platform/api#/reference/attendee):
      // `cancelled` and `refunded` are booleans; `status` is "Attending", "Checked In",
      // "Not Attending" or "Deleted" (the list endpoint's status filter documents the same
      // values). A cancelled order still lists its attendees, with cancelled: true.
      skip: [
        { path: "cancelled", equals: true },
        { path: "refunded", equals: true },
        { path: "status", in: ["Not Attending", "Deleted"] },
      ],
      recordIdPath: "id",
      fields: {
        email: { path: "profile.email", transform: [{ op: "trim" }] },
        displayName: { path: "profile.name" },
        company: { path: "profile.company" },
        jobTitle: { path: "profile.job_title" },
      },
    },
  },
  {
    id: "tito",
    label: "Tito: tickets of an event",
    description: "Tito's Admin API v3 tickets list, paged by page[number] and page[size].",
    docsUrl: "https://ti.to/docs/api/admin/3.0#tickets-get-all-tickets",
    inputs: [
      { key: "account_slug", label: "Account slug", help: "The first part of your event's ti.to address." },
      { key: "event_slug", label: "Event slug", help: "The second part of your event's ti.to address." },
      { key: "token", label: "API token", help: "Tito → Account → API access → generate a token.", secret: true },
    ],
    urlTemplate: "https://api.tito.io/v3/{account_slug}/{event_slug}/tickets",
    recordsPath: "tickets",
    pagination: { type: "page", param: "page[number]", startAt: 1, sizeParam: "page[size]", size: 100 },
    incremental: null,
    auth: (values) => ({ type: "header", name: "Authorization", value: `Token token=${values.token}` }),
    mapping: {
      // Ticket attributes (https://ti.to/docs/api/admin/3.0#tickets): `state` is the
      // ticket's state; the dashboard shows unassigned, incomplete and complete
      // (https://help.tito.io/en/articles/2006164-attendee-management), and a voided
      // ticket (refunded or cancelled order) reads "void". Unassigned and incomplete
      // tickets are still guests, so only void is left out.
      skip: [{ path: "state", in: ["void"] }],
      recordIdPath: "reference",
      fields: {
        email: { path: "email", transform: [{ op: "trim" }] },
        displayName: { path: "name" },
        company: { path: "company_name" },
      },
    },
  },
  {
    id: "pretix",
    label: "pretix: order positions as attendees",
    description: "pretix's order positions list (one per ticket, with the attendee's name and email), paged by its next link.",
    docsUrl: "https://docs.pretix.eu/en/latest/api/resources/orders.html#list-of-all-order-positions",
    inputs: [
      { key: "base_url", label: "pretix address", help: "https://pretix.eu, or your own installation's address.", default: "https://pretix.eu" },
      { key: "organizer", label: "Organizer slug", help: "The short name of your organizer account." },
      { key: "event", label: "Event slug", help: "The short name of the event." },
      { key: "token", label: "API token", help: "Organizer → Teams → a team with API access → add a token.", secret: true },
    ],
    urlTemplate: "{base_url}/api/v1/organizers/{organizer}/events/{event}/orderpositions/?order__status=p",
    recordsPath: "results",
    pagination: { type: "nextUrl", path: "next" },
    incremental: null,
    auth: (values) => ({ type: "header", name: "Authorization", value: `Token ${values.token}` }),
    mapping: {
      // Order position resource (https://docs.pretix.eu/en/latest/api/resources/orders.html#order-position-resource):
      // `canceled` is true for a position cancelled on its own (listed only with
      // include_canceled_positions, so the rule is a guard). Positions carry no order
      // status (n pending, p paid, e expired, c canceled, per the order resource on the
      // same page); the list's `order__status` filter takes one status, so the URL asks
      // for positions of paid orders: expired and cancelled orders never come, and a
      // pending order's guests arrive with the first run after it is paid.
      skip: [{ path: "canceled", equals: true }],
      recordIdPath: "id",
      fields: {
        email: { path: "attendee_email", transform: [{ op: "trim" }] },
        displayName: { path: "attendee_name" },
        company: { path: "company" },
      },
    },
  },
  {
    id: "hubspot",
    label: "HubSpot: CRM contacts",
    description: "HubSpot CRM v3 contacts, paged by the paging.next.after cursor (the display name takes the first name: a mapping reads one path).",
    docsUrl: "https://developers.hubspot.com/docs/api/crm/contacts",
    inputs: [{ key: "token", label: "Private app access token", help: "HubSpot → Settings → Integrations → Private apps, with crm.objects.contacts.read.", secret: true }],
    urlTemplate: "https://api.hubapi.com/crm/v3/objects/contacts?limit=100&properties=email,firstname,lastname,company,jobtitle",
    recordsPath: "results",
    pagination: { type: "cursor", cursorPath: "paging.next.after", param: "after" },
    incremental: null,
    auth: (values) => ({ type: "bearer", token: values.token }),
    mapping: {
      // Contact object (https://developers.hubspot.com/docs/api/crm/contacts): `archived`
      // is true for a deleted (archived) contact. The list returns unarchived contacts
      // unless archived=true is asked for, so the rule is a guard, not a filter.
      skip: [{ path: "archived", equals: true }],
      recordIdPath: "id",
      fields: {
        email: { path: "properties.email", transform: [{ op: "trim" }] },
        displayName: { path: "properties.firstname" },
        company: { path: "properties.company" },
        jobTitle: { path: "properties.jobtitle" },
      },
    },
  },
];

export const presetIdSchema = z.enum(["eventbrite", "tito", "pretix", "hubspot"], { error: "The preset is eventbrite, tito, pretix or hubspot." });

export function findPreset(id: string): DataSourcePreset | null {
  return DATA_SOURCE_PRESETS.find((preset) => preset.id === id) ?? null;
}

/**
 * A preset filled with the organiser's values: the fields of a create input (minus name,
 * event and schedule). Missing values are field errors keyed by the input's key.
 */
export function applyPreset(
  preset: DataSourcePreset,
  values: Record<string, string | undefined>,
): { ok: true; config: { target: "attendees"; url: string; recordsPath: string; pagination: PaginationConfig; incremental: IncrementalConfig | null; auth: AuthInput; mapping: AttendeeMapping } } | { ok: false; missing: string[] } {
  const filled: Record<string, string> = {};
  const missing: string[] = [];
  for (const input of preset.inputs) {
    const value = (values[input.key] ?? input.default ?? "").trim();
    if (value === "") missing.push(input.key);
    filled[input.key] = value;
  }
  if (missing.length > 0) return { ok: false, missing };
  const url = preset.urlTemplate.replace(/\{(\w+)\}/g, (_match, key: string) =>
    key === "base_url" ? filled[key].replace(/\/+$/, "") : encodeURIComponent(filled[key] ?? ""),
  );
  return {
    ok: true,
    config: {
      target: "attendees",
      url,
      recordsPath: preset.recordsPath,
      pagination: preset.pagination,
      incremental: preset.incremental,
      auth: preset.auth(filled),
      mapping: preset.mapping,
    },
  };
}
