import type { AttendeeMapping } from "./mapping";

// A first mapping for a spreadsheet from its header names, for the organiser to check:
// "E-mail", "Email address" → email; "Name", "Full name" → display name; "Company",
// "Organisation" → company; "Job title", "Position" → job title. Names are compared
// without case, spaces or punctuation. Email is trimmed, as the presets do.

const NAMES: Record<keyof AttendeeMapping["fields"], string[]> = {
  email: ["email", "emailaddress", "mail", "emailadres", "courriel", "attendeeemail", "workemail"],
  displayName: ["name", "fullname", "displayname", "attendeename", "attendee", "guest", "guestname", "participant"],
  company: ["company", "companyname", "organisation", "organization", "organisationname", "organizationname", "employer", "firm"],
  jobTitle: ["jobtitle", "title", "position", "role", "function"],
};

const fold = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The suggested mapping (only fields whose column was recognised; email may be missing). */
export function suggestSheetMapping(columns: string[]): { fields: Partial<AttendeeMapping["fields"]> } {
  const fields: Partial<AttendeeMapping["fields"]> = {};
  const used = new Set<string>();
  for (const [field, names] of Object.entries(NAMES) as [keyof AttendeeMapping["fields"], string[]][]) {
    const column = names.map((name) => columns.find((candidate) => !used.has(candidate) && fold(candidate) === name)).find((found) => found !== undefined);
    if (!column) continue;
    used.add(column);
    fields[field] = field === "email" ? { path: column, transform: [{ op: "trim" }] } : { path: column };
  }
  return { fields };
}
