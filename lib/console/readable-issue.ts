// Console forms show a sentence a person can act on, never the validator's own wording
// ("Too small: expected string to have >=1 characters", "Invalid input: expected string,
// received undefined"). A message a schema sets on purpose is kept; the validator's
// defaults are rewritten here, for the browser's check and the server's answer alike.
// The Partner API is not concerned: its INVALID_INPUT keeps the raw issues (the spec's).

/** The parts of a zod issue the sentence needs; both a live issue and a serialized one fit. */
export type IssueLike = {
  code: string;
  message: string;
  path?: readonly PropertyKey[];
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  input?: unknown;
};

const VALIDATOR_WORDING = /^(Too small|Too big|Invalid |Expected |Unrecognized key|Required$)/;

const NOUNS: Record<string, string> = {
  name: "a name",
  displayName: "a name",
  title: "a title",
  email: "an email address",
  url: "a URL",
  websiteUrl: "a URL",
  logoUrl: "a URL",
  slug: "a slug",
  description: "a description",
  location: "a location",
  timezone: "a time zone",
  timeZone: "a time zone",
  startAt: "a start date and time",
  endAt: "an end date and time",
  company: "a company",
  jobTitle: "a job title",
  summary: "a summary",
  label: "a label",
  key: "a key",
  tier: "a tier",
  room: "a room",
  expiresOn: "a date",
};

function noun(field: string | undefined): string {
  return (field && NOUNS[field]) ?? "a value";
}

const count = (n: number | bigint | undefined, one: string, many: string) => `${String(n)} ${Number(n) === 1 ? one : many}`;

/** A plain sentence for one issue; `field` is the form field's name (the issue's first path segment by default). */
export function readableIssueMessage(issue: IssueLike, field = issue.path?.length ? String(issue.path[issue.path.length - 1]) : undefined): string {
  if (!VALIDATOR_WORDING.test(issue.message)) return issue.message;
  switch (issue.code) {
    case "invalid_type":
      // Issues carry no input by default; the message says what was received.
      return issue.input === undefined || issue.input === null || issue.input === "" || /received (undefined|null)/.test(issue.message) ? `Enter ${noun(field)}.` : `Enter a valid ${noun(field).replace(/^an? /, "")}.`;
    case "too_small":
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? `Enter ${noun(field)}.` : `Use at least ${count(issue.minimum, "character", "characters")}.`;
      if (issue.origin === "array" || issue.origin === "set") return Number(issue.minimum) <= 1 ? "Choose at least one." : `Choose at least ${String(issue.minimum)}.`;
      return `Use ${String(issue.minimum)} or more.`;
    case "too_big":
      if (issue.origin === "string") return `Use at most ${count(issue.maximum, "character", "characters")}.`;
      if (issue.origin === "array" || issue.origin === "set") return `Choose at most ${String(issue.maximum)}.`;
      return `Use ${String(issue.maximum)} or less.`;
    case "invalid_format":
      if (issue.format === "email") return "Enter an email address like ada@example.com.";
      if (issue.format === "url") return "Enter a full URL starting with https://.";
      if (issue.format === "datetime" || issue.format === "date") return "Enter a date and time.";
      return `Enter ${noun(field)} in the expected format.`;
    case "invalid_value":
      return "Choose one of the options.";
    case "unrecognized_keys":
      return "This form sent a field it does not know. Reload the page and try again.";
    default:
      return `Check ${noun(field) === "a value" ? "this value" : noun(field).replace(/^an? /, "the ")}.`;
  }
}
