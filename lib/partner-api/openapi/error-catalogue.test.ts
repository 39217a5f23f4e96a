import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_STATUS } from "@/lib/platform/errors/app-error";
import { ERROR_CATALOGUE } from "./error-catalogue";

// The catalogue is the one source of the reference's errors table, so every details.reason
// the code can produce must be in it, or be named below as one the Partner API never
// answers with (console, operator CLI, imports, webhook delivery internals). A new reason
// in lib/ fails this test until it is placed in one list or the other.

const NOT_PARTNER_API = new Set([
  "admin_required", "already_checked_in", "already_member", "attempts", "attendee_revoked", "delivery_in_progress", "email_taken", "endpoint_disabled",
  "endpoint_limit_reached", "finished", "form_not_open", "invite_email_mismatch", "invite_expired", "invite_not_found", "invite_used", "invalid_transition",
  "key_limit_reached", "last_admin", "leased", "locked_too_long", "malformed_header", "missing_header", "no_matching_signature", "not_due", "not_found",
  "run_in_progress", "slug_taken", "timestamp_outside_tolerance",
  // Webhook delivery outcomes of an endpoint's filter or transform (shape-delivery.ts), and of its circuit breaker.
  "filtered_out", "shape_failed", "endpoint_backoff",
  // Console: two-factor sign-in, invitations, control characters in forms, programme authoring.
  "two_factor_already_on", "two_factor_not_started", "two_factor_setup_changed", "two_factor_not_on", "two_factor_required_by_org",
  "two_factor_off_for_you", "too_many_invitations", "control_characters", "invalid_list", "programme_conflict",
  // /api/inngest without Inngest's signature.
  "missing_signature",
  // Console and sign-in flows (lib/auth, webhook console), the cron route and the readiness probe.
  "password_hashing_busy", "link_refused", "too_many_attempts", "secret_already_rolled", "cron_not_configured", "database_unreachable",
  "migrations_pending", "migration_failed",
  // next-auth's routes take only a single-valued form (lib/auth/form-body.ts).
  "invalid_content_type", "repeated_field",
  // Programme and form authoring in the console.
  "form_field_locked", "form_not_draft", "track_in_use",
  // Self-serve billing: the console's Stripe actions and Stripe's webhook route (lib/domain/billing/stripe-*.ts).
  "annual_not_offered", "no_billing_customer", "billing_not_configured", "stripe_unavailable", "unhandled_type", "invalid_signature",
  "invalid_event", "unknown_customer", "organization_mismatch",
  // Door staff in the console (lib/console/guard.ts, lib/domain/engagement/undo-check-in.ts).
  "check_in_staff_required", "not_checked_in", "undo_window_passed",
  // Account email: password reset and change (lib/auth/password-reset.ts, change-password.ts).
  "reset_link_invalid", "no_password", "mail_not_configured",
]);

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "generated" || entry.name === "partner-sdk" ? [] : sourceFiles(full);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
    }),
  );
  return nested.flat();
}

describe("the error catalogue", () => {
  it("has every error code of the service, with its status", () => {
    expect(ERROR_CATALOGUE.map((entry) => entry.code).sort()).toEqual(Object.keys(ERROR_STATUS).sort());
    for (const entry of ERROR_CATALOGUE) expect(entry.status).toBe(ERROR_STATUS[entry.code]);
  });

  it("names every details.reason the code emits, or it is listed as never answered by the Partner API", async () => {
    const catalogued = new Set(ERROR_CATALOGUE.flatMap((entry) => entry.reasons.map((reason) => reason.reason)).filter(Boolean));
    const emitted = new Set<string>();
    for (const dir of ["lib", "app"]) {
      for (const file of await sourceFiles(path.join(process.cwd(), dir))) {
        for (const match of (await readFile(file, "utf8")).matchAll(/\breason: "([a-z_]+)"/g)) emitted.add(match[1]);
      }
    }
    const unplaced = [...emitted].filter((reason) => !catalogued.has(reason) && !NOT_PARTNER_API.has(reason));
    expect(unplaced, "add these to ERROR_CATALOGUE (or to NOT_PARTNER_API if partners never see them)").toEqual([]);
    // Both lists stay honest: nothing catalogued is also declared non-API, and the scan sees the known reasons.
    expect([...catalogued].filter((reason) => NOT_PARTNER_API.has(reason!))).toEqual([]);
    expect(emitted).toContain("event_archived");
    expect(emitted).toContain("attendee_exists");
  });
});
