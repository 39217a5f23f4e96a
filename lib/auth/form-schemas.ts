import { z } from "zod";
import { refuseControlCharacters } from "@/lib/platform/text/control-characters";

// The schemas of the sign-in, sign-up and invite forms. This module imports nothing but
// zod and a dependency-free text check, so the same schema validates in the browser (inline errors before submitting) and
// on the server (the only check that counts). The email and password rules equal those of
// lib/domain/orgs/members.ts (operator CLI); lib/auth/form-schemas.test.ts keeps them equal.

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

export const emailField = z
  .string()
  .trim()
  .min(1, "Enter an email address.")
  .pipe(z.email("Enter a valid email address.").max(320, "Use at most 320 characters."));

export const passwordField = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

export const personNameField = z.string().trim().max(200, "Use at most 200 characters.").refine(...refuseControlCharacters("The name")).default("");

export const orgNameField = z
  .string()
  .trim()
  .min(1, "Give your organization a name.")
  .max(200, "Use at most 200 characters.")
  .refine(...refuseControlCharacters("The name"));

export const signInSchema = z.object({
  email: emailField,
  password: z.string().min(1, "Enter your password.").max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`),
});

/** Sign-up: the first user of a new organization becomes its admin. */
export const signUpSchema = z.object({
  name: personNameField,
  email: emailField,
  password: passwordField,
  orgName: orgNameField,
});

export const newOrganizationSchema = z.object({ orgName: orgNameField });

export const ROLES = ["admin", "member", "door_staff"] as const;
export type Role = (typeof ROLES)[number];

export const inviteSchema = z.object({
  email: emailField,
  role: z.enum(ROLES, "Choose a role."),
});

/** A new user accepting an invite: the email is the invite's, so only name and password. */
export const inviteSignUpSchema = z.object({
  name: personNameField,
  password: passwordField,
});
