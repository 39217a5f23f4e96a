import type { OPERATION_PATHS } from "@/lib/partner-sdk/src/client";
import { SDK_PACKAGE_NAME } from "./sdk-package";
import type { OperationObject } from "./types";

// The request samples of the reference: one per operation in curl, TypeScript (through the
// typed SDK, by the method names it really has) and Python (requests). Written from the
// operation in the OpenAPI document, so a sample names the path, key header and example
// body the document names; the POST samples send an Idempotency-Key, as a retry-safe
// integration should.

export type SampleLanguage = "curl" | "typescript" | "python";
export type Sample = { language: SampleLanguage; label: string; code: string };

export const SAMPLE_LANGUAGES: { language: SampleLanguage; label: string }[] = [
  { language: "curl", label: "curl" },
  { language: "typescript", label: "TypeScript" },
  { language: "python", label: "Python" },
];

type SdkResult = "single" | "paged" | "list" | "text";

/**
 * The SDK call of each operation: the method path on a PartnerClient and its arguments
 * (TypeScript expressions over the sample's variables). Typed by the SDK's own operation
 * list, so an operation without a sample fails the type check; a test checks that every
 * method named exists on a real client.
 */
export const SDK_CALLS: Record<keyof typeof OPERATION_PATHS, { method: string; args: string[]; result: SdkResult }> = {
  getMe: { method: "me", args: [], result: "single" },
  listRequests: { method: "requests.list", args: ['{ status: "4xx" }'], result: "paged" },
  listEvents: { method: "events.list", args: [], result: "paged" },
  getEvent: { method: "events.get", args: ["eventId"], result: "single" },
  listSessions: { method: "sessions.list", args: ["eventId"], result: "paged" },
  listTracks: { method: "tracks.list", args: ["eventId"], result: "list" },
  listRooms: { method: "rooms.list", args: ["eventId"], result: "list" },
  listSpeakers: { method: "speakers.list", args: ["eventId"], result: "paged" },
  listSponsors: { method: "sponsors.list", args: ["eventId"], result: "list" },
  listInfoSections: { method: "infoSections.list", args: ["eventId"], result: "list" },
  listAttendees: { method: "attendees.list", args: ["eventId", "{ limit: 200 }"], result: "paged" },
  createAttendee: { method: "attendees.create", args: ["eventId", "BODY", "{ idempotencyKey: randomUUID() }"], result: "single" },
  getAttendee: { method: "attendees.get", args: ["eventId", "attendeeId"], result: "single" },
  updateAttendee: { method: "attendees.update", args: ["eventId", "attendeeId", "BODY"], result: "single" },
  listCheckIns: { method: "checkIns.list", args: ["eventId"], result: "paged" },
  listSessionAttendance: { method: "sessionAttendance.list", args: ["eventId"], result: "paged" },
  listForms: { method: "forms.list", args: ["eventId"], result: "list" },
  listFormSubmissions: { method: "formSubmissions.list", args: ["eventId", "formId"], result: "paged" },
  listFeedback: { method: "feedback.list", args: ["eventId"], result: "paged" },
  listWebhookEvents: { method: "webhookEvents.list", args: ['{ since: "2026-10-01T00:00:00.000Z" }'], result: "paged" },
  getOpenApiDocument: { method: "reference.openapi", args: [], result: "single" },
  getDocsPage: { method: "reference.docsHtml", args: [], result: "text" },
};

/** `{eventId}` → `<event_id>`, the placeholder the samples show for a path id. */
function placeholder(name: string): string {
  return `<${name.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase()}>`;
}

function pathNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
}

function examplePath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => placeholder(name));
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function requestExample(operation: OperationObject): unknown {
  return operation.requestBody?.content["application/json"]?.example;
}

function needsKey(operation: OperationObject): boolean {
  return operation.security?.length !== 0;
}

function curlSample(path: string, method: string, operation: OperationObject, baseUrl: string): string {
  const lines = [`curl -sS${method === "get" ? "" : ` -X ${method.toUpperCase()}`} "${baseUrl}${examplePath(path)}"`];
  if (needsKey(operation)) lines.push(`-H "Authorization: Bearer $PARTNER_API_KEY"`);
  if (method === "post") lines.push(`-H "Idempotency-Key: $(uuidgen)"`);
  const body = requestExample(operation);
  if (body !== undefined) {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d ${shellQuote(JSON.stringify(body))}`);
  }
  return lines.join(" \\\n  ");
}

function typescriptSample(path: string, operation: OperationObject, baseUrl: string): string | undefined {
  const call = SDK_CALLS[operation.operationId as keyof typeof SDK_CALLS];
  if (!call) return undefined;
  const body = requestExample(operation);
  const args = call.args.map((arg) => (arg === "BODY" ? JSON.stringify(body ?? {}, null, 2) : arg)).join(", ");
  const lines: string[] = [];
  if (call.args.some((arg) => arg.includes("randomUUID"))) lines.push(`import { randomUUID } from "node:crypto";`);
  lines.push(`import { PartnerClient } from "${SDK_PACKAGE_NAME}";`, "");
  lines.push(`const client = new PartnerClient({ baseUrl: "${baseUrl}", apiKey: process.env.PARTNER_API_KEY! });`);
  for (const name of pathNames(path)) lines.push(`const ${name} = "${placeholder(name)}";`);
  lines.push("");
  const expression = `client.${call.method}(${args})`;
  if (call.result === "paged") {
    lines.push(`// Follows meta.nextCursor across every page.`, `for await (const item of ${expression}) {`, "  console.log(item);", "}");
  } else if (call.result === "text") {
    lines.push(`const html = await ${expression};`, "console.log(html.length);");
  } else {
    lines.push(`const result = await ${expression};`, "console.log(result);");
  }
  return lines.join("\n");
}

/** A JSON value as a Python literal (None, True, False), indented by `depth` levels of four. */
export function pythonLiteral(value: unknown, depth = 0): string {
  const pad = "    ".repeat(depth + 1);
  const end = "    ".repeat(depth);
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (!value.length) return "[]";
    return `[\n${value.map((item) => `${pad}${pythonLiteral(item, depth + 1)},`).join("\n")}\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return "{}";
  return `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${pythonLiteral(item, depth + 1)},`).join("\n")}\n${end}}`;
}

function pythonSample(path: string, method: string, operation: OperationObject, baseUrl: string, paged: boolean): string {
  const post = method === "post";
  const lines = ["import os", ...(post ? ["import uuid"] : []), "", "import requests", ""];
  const headers: string[] = [];
  if (needsKey(operation)) headers.push(`"Authorization": f"Bearer {os.environ['PARTNER_API_KEY']}"`);
  if (post) headers.push(`"Idempotency-Key": str(uuid.uuid4())`);
  lines.push(`url = "${baseUrl}${examplePath(path)}"`);
  lines.push(headers.length ? `headers = {\n${headers.map((header) => `    ${header},`).join("\n")}\n}` : "headers = {}");
  if (paged) {
    lines.push(
      'params = {"limit": 200}',
      "while True:",
      "    response = requests.get(url, headers=headers, params=params, timeout=30)",
      "    response.raise_for_status()",
      "    page = response.json()",
      '    for item in page["data"]:',
      "        print(item)",
      '    if page["meta"]["nextCursor"] is None:',
      "        break",
      '    params["cursor"] = page["meta"]["nextCursor"]',
    );
    return lines.join("\n");
  }
  const body = requestExample(operation);
  const args = ["url", "headers=headers", ...(body !== undefined ? [`json=${pythonLiteral(body, 1)}`] : []), "timeout=30"];
  lines.push(`response = requests.${method}(\n${args.map((arg) => `    ${arg},`).join("\n")}\n)`, "response.raise_for_status()");
  lines.push(operation.operationId === "getDocsPage" ? "print(response.text[:200])" : "print(response.json())");
  return lines.join("\n");
}

/**
 * The samples of an operation, in SAMPLE_LANGUAGES order: all three for every operation of
 * the API (a test holds that); an operation the SDK does not know gets no TypeScript one.
 */
export function requestSamples(path: string, method: string, operation: OperationObject, baseUrl: string): Sample[] {
  const call = SDK_CALLS[operation.operationId as keyof typeof SDK_CALLS];
  const code: Record<SampleLanguage, string | undefined> = {
    curl: curlSample(path, method, operation, baseUrl),
    typescript: typescriptSample(path, operation, baseUrl),
    python: pythonSample(path, method, operation, baseUrl, call?.result === "paged"),
  };
  return SAMPLE_LANGUAGES.flatMap(({ language, label }) => {
    const text = code[language];
    return text === undefined ? [] : [{ language, label, code: text }];
  });
}
