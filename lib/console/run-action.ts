import { unstable_rethrow } from "next/navigation";
import { AppError } from "@/lib/platform/errors/app-error";
import { hasControlCharacters } from "@/lib/platform/text/control-characters";
import type { ActionFailure, ActionResult, FieldErrors } from "./action-result";
import { readableIssueMessage, type IssueLike } from "./readable-issue";

const NOT_FOUND_DIGEST = "NEXT_HTTP_ERROR_FALLBACK;404";

function isNextNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { digest?: unknown }).digest === NOT_FOUND_DIGEST;
}

/** An AppError as the failure a form shows: message, code, reason and per-field messages. */
export function failureFromAppError(error: AppError): ActionFailure {
  const details = error.details ?? {};
  const rawFields = details.fields as Record<string, { message?: string }> | undefined;
  const rawIssues = Array.isArray(details.issues) ? (details.issues as IssueLike[]) : [];
  const fields: FieldErrors = {};
  for (const [path, fault] of Object.entries(rawFields ?? {})) {
    if (!fault?.message) continue;
    const issue = rawIssues.find((candidate) => candidate.path?.map(String).join(".") === path);
    fields[path] = issue ? readableIssueMessage(issue) : readableIssueMessage({ code: "", message: fault.message }, path.split(".").pop());
  }
  const message =
    error.code === "INVALID_INPUT" ? "Some fields need attention. Fix them and try again." : error.message;
  return {
    ok: false,
    message,
    code: error.code,
    ...(typeof details.reason === "string" ? { reason: details.reason } : {}),
    ...(Object.keys(fields).length ? { fields } : {}),
  };
}

/**
 * Runs the body of a server action and turns refusals into an ActionFailure the form shows.
 * Domain code throws AppError; the guard's notFound() (a non-member, another org's id)
 * becomes a NOT_FOUND failure rather than replacing the page; Next's redirects pass
 * through; anything else is logged (never the form data) and masked.
 */
export async function runAction<T>(body: () => Promise<{ message: string; data: T }>): Promise<ActionResult<T>> {
  try {
    const { message, data } = await body();
    return { ok: true, message, data };
  } catch (error) {
    if (isNextNotFound(error)) return { ok: false, code: "NOT_FOUND", message: "Not found: it does not exist or you have no access to it." };
    unstable_rethrow(error);
    if (error instanceof AppError) return failureFromAppError(error);
    // Only the error's type and first line: Prisma messages can quote the arguments of the
    // failing call, and those may hold form input.
    const summary = error instanceof Error ? `${error.name}: ${error.message.split("\n")[0].slice(0, 200)}` : typeof error;
    console.error("console action failed:", summary);
    return { ok: false, code: "INTERNAL", message: "Something went wrong on our side. Try again in a moment." };
  }
}

/**
 * The text fields of a submitted form (File entries are ignored): the one reader of console
 * form text, so the one place that refuses control characters. NUL cannot be stored in
 * PostgreSQL text at all (a 500 once it reached a query), and the other C0/C1 controls
 * are invisible or break what shows them; tab and line breaks stay for multi-line fields.
 * Called inside an action's body, the refusal is that field's message on the form.
 */
export function formText(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  if (typeof value !== "string") return undefined;
  if (hasControlCharacters(value, { multiline: true })) {
    const message = "Remove the control characters (such as NUL) from this field.";
    throw new AppError("INVALID_INPUT", message, { reason: "control_characters", fields: { [name]: { message } } });
  }
  return value;
}
