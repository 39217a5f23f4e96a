import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsFromIssues } from "@/components/forms/use-form-action";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { failureFromAppError } from "./run-action";
import { readableIssueMessage } from "./readable-issue";

const schema = z.object({
  name: z.string().trim().min(1),
  email: z.email(),
  slug: z.string().min(3).max(8),
  kind: z.enum(["a", "b"]),
  note: z.string().min(1, "Say why."),
});

const issues = () => {
  const parsed = schema.safeParse({ name: " ", email: "nope", slug: "abcdefghij", kind: "c", note: "" });
  if (parsed.success) throw new Error("expected a failure");
  return parsed.error.issues;
};

describe("readable form messages", () => {
  it("turns the validator's wording into sentences, in the browser's check", () => {
    const errors = fieldErrorsFromIssues(issues());
    expect(errors).toEqual({
      name: "Enter a name.",
      email: "Enter an email address like ada@example.com.",
      slug: "Use at most 8 characters.",
      kind: "Choose one of the options.",
      note: "Say why.",
    });
    for (const message of Object.values(errors)) expect(message).not.toMatch(/Too (small|big)|Invalid|expected/);
  });

  it("does the same for the server's answer", () => {
    const failure = failureFromAppError(validationError(issues()));
    expect(failure.fields).toMatchObject({ name: "Enter a name.", slug: "Use at most 8 characters.", note: "Say why." });
  });

  it("asks for a missing value by name", () => {
    const parsed = z.object({ title: z.string() }).safeParse({});
    expect(parsed.success).toBe(false);
    expect(readableIssueMessage(parsed.error!.issues[0])).toBe("Enter a title.");
  });

  it("keeps what is not a validation error as it is", () => {
    expect(failureFromAppError(new AppError("CONFLICT", "That slug is taken.")).message).toBe("That slug is taken.");
  });
});
