import { describe, expect, it } from "vitest";
import { emailSchema, passwordSchema } from "@/lib/domain/orgs/members";
import { emailField, passwordField } from "./form-schemas";

// The forms' email and password rules are the same as the operator CLI's (lib/domain/orgs/members.ts).

describe("form rules equal the CLI's rules", () => {
  it.each(["a@b.co", "no-at-sign", `${"x".repeat(315)}@b.co`, `${"x".repeat(316)}@b.co`, ""])("email %s", (value) => {
    expect(emailField.safeParse(value).success).toBe(emailSchema.safeParse(value).success);
  });

  it.each([9, 10, 200, 201])("password of %i characters", (length) => {
    const value = "p".repeat(length);
    expect(passwordField.safeParse(value).success).toBe(passwordSchema.safeParse(value).success);
  });

  it("trims the email before checking it (the CLI's rule takes it as typed)", () => {
    expect(emailField.parse("  a@b.co ")).toBe("a@b.co");
  });
});
