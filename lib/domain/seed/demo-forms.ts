import type { Rng } from "./random";

// Demo forms and answers whose value types follow the spec's field types
// (multi_select: array, checkbox: boolean, rating and number: number, the rest: string).

export const FORM_FIELD_TYPES = [
  "short_text",
  "long_text",
  "email",
  "phone",
  "number",
  "date",
  "single_select",
  "multi_select",
  "checkbox",
  "rating",
] as const;

export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export type FormField = { key: string; label: string; type: FormFieldType; required: boolean };

export type FormTemplate = { name: string; description: string; fields: FormField[] };

export const REGISTRATION_FORM: FormTemplate = {
  name: "Registration details",
  description: "A few details so we can plan catering, accessibility and your badge.",
  fields: [
    { key: "badge_name", label: "Name to print on your badge", type: "short_text", required: true },
    { key: "ticket_type", label: "Ticket type", type: "single_select", required: true },
    { key: "dietary", label: "Dietary requirements", type: "multi_select", required: false },
    { key: "arrival_date", label: "Arrival date", type: "date", required: true },
    { key: "mobile", label: "Mobile number (for day-of updates)", type: "phone", required: false },
    { key: "accessibility", label: "Accessibility needs", type: "long_text", required: false },
    { key: "photo_consent", label: "I agree to appear in event photos", type: "checkbox", required: true },
  ],
};

export const SESSION_SURVEY_FORM: FormTemplate = {
  name: "How is your conference going?",
  description: "Two minutes of feedback while the event is running helps us fix things today.",
  fields: [
    { key: "overall", label: "Overall, how would you rate the event so far?", type: "rating", required: true },
    { key: "recommend", label: "How likely are you to recommend it to a colleague (0–10)?", type: "number", required: true },
    { key: "topics", label: "Which topics should we cover more?", type: "multi_select", required: false },
    { key: "favourite_session", label: "Your favourite session so far", type: "short_text", required: false },
    { key: "comments", label: "Anything else?", type: "long_text", required: false },
    { key: "contact_email", label: "Email, if we may follow up", type: "email", required: false },
  ],
};

export const POST_EVENT_SURVEY_FORM: FormTemplate = {
  name: "Post-event survey",
  description: "Thank you for coming! Tell us what to keep and what to change next year.",
  fields: [
    { key: "overall", label: "Overall rating", type: "rating", required: true },
    { key: "sessions_attended", label: "How many sessions did you attend?", type: "number", required: true },
    { key: "return_next_year", label: "I plan to attend next year", type: "checkbox", required: true },
    { key: "improve", label: "What should we improve?", type: "long_text", required: false },
    { key: "format", label: "Preferred format next year", type: "single_select", required: false },
  ],
};

export const WORKSHOP_WAITLIST_FORM: FormTemplate = {
  name: "Workshop waitlist",
  description: "Workshops have limited seats. Join the waitlist and we will email you if a seat frees up.",
  fields: [
    { key: "workshop", label: "Workshop", type: "single_select", required: true },
    { key: "experience_years", label: "Years of experience with the topic", type: "number", required: false },
    { key: "laptop", label: "I will bring a laptop", type: "checkbox", required: true },
    { key: "notify_email", label: "Email for notifications", type: "email", required: true },
  ],
};

const CHOICES: Record<string, string[]> = {
  ticket_type: ["Standard", "Early bird", "Speaker", "Sponsor", "Student", "Press"],
  dietary: ["Vegetarian", "Vegan", "Gluten-free", "Halal", "Kosher", "Nut allergy", "Lactose-free"],
  topics: ["Platform engineering", "LLMs in production", "Security", "Data contracts", "Leadership", "Accessibility", "Observability"],
  format: ["In person only", "Hybrid", "Two shorter days", "Three days with workshops"],
  workshop: ["Hands-On Kubernetes Operators", "Build a RAG Pipeline in 90 Minutes", "Threat Modelling Your Own Service"],
};

const LONG_TEXTS = [
  "Step-free access to the main stage, please; I use a wheelchair.",
  "More hands-on sessions and fewer vendor talks.",
  "The schedule in the app was great. Signage between buildings could be clearer.",
  "Longer breaks between sessions to talk to speakers.",
  "I would love a dedicated track for junior engineers.",
  "Everything ran smoothly, thank you to the team!",
];

const SHORT_TEXTS = [
  "Zero-Downtime Migrations at 40,000 Requests per Second",
  "Evaluating LLM Features Before Your Users Do",
  "The opening keynote",
  "Panel: Platform Teams and Their Customers",
  "Running Blameless Postmortems That Change Things",
];

export type AnswerContext = { displayName: string; email: string; eventDate: string };

/** One answer per field; optional fields are sometimes left out, as people do. */
export function buildAnswers(fields: FormField[], rng: Rng, context: AnswerContext): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of fields) {
    if (!field.required && rng.chance(0.35)) continue;
    answers[field.key] = answerFor(field, rng, context);
  }
  return answers;
}

function answerFor(field: FormField, rng: Rng, context: AnswerContext): unknown {
  const choices = CHOICES[field.key] ?? ["Yes", "No", "Maybe"];
  switch (field.type) {
    case "short_text":
      return field.key === "badge_name" ? context.displayName : rng.pick(SHORT_TEXTS);
    case "long_text":
      return rng.pick(LONG_TEXTS);
    case "email":
      return context.email;
    case "phone":
      return `+49 15${rng.int(1, 9)} ${rng.int(1000, 9999)} ${rng.int(1000, 9999)}`;
    case "number":
      return field.key === "recommend" ? rng.weighted([[10, 4], [9, 5], [8, 4], [7, 2], [6, 1], [4, 1]]) : rng.int(1, 12);
    case "date":
      return context.eventDate;
    case "single_select":
      return rng.pick(choices);
    case "multi_select":
      return rng.sample(choices, rng.int(1, 3));
    case "checkbox":
      return rng.chance(0.85);
    case "rating":
      return rng.weighted([[5, 5], [4, 6], [3, 2], [2, 1], [1, 0.5]]);
  }
}

/** The JSON type an answer of `type` must have. */
export function answerMatchesType(type: FormFieldType, value: unknown): boolean {
  switch (type) {
    case "multi_select":
      return Array.isArray(value) && value.every((item) => typeof item === "string");
    case "checkbox":
      return typeof value === "boolean";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "rating":
      return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5;
    case "date":
      return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
    case "email":
      return typeof value === "string" && value.includes("@");
    default:
      return typeof value === "string";
  }
}
