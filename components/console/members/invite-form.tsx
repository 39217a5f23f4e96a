"use client";

import { useCallback, useState } from "react";
import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { cx, focusRing } from "@/components/ui/cx";
import { FieldError, TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { inviteSchema } from "@/lib/auth/form-schemas";
import { OneTimeSecret } from "../one-time-secret";

type CreatedInvite = { email: string; role: "admin" | "member" | "door_staff"; path: string; expiresAt: string };

const ROLE_OPTIONS = [
  { value: "member", label: "Member", detail: "Sees keys, webhooks, data sources and billing. Cannot change anything." },
  { value: "admin", label: "Admin", detail: "Creates and revokes keys, manages webhooks, data sources and members." },
  { value: "door_staff", label: "Door staff", detail: "Sees the guest lists and checks guests in. Nothing else." },
] as const;

/**
 * Invites by email. Nothing is emailed: the admin gets a one-time link to hand over, valid
 * for 7 days and only for that address.
 */
export function InviteForm({ orgId, action, disabledReason }: { orgId: string; action: FormAction<CreatedInvite>; disabledReason: string | null }) {
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const onSuccess = useCallback((result: { data: CreatedInvite }, form: HTMLFormElement | null) => {
    setCreated(result.data);
    form?.reset();
  }, []);
  const { state, pending, formRef, formAction, onSubmit, fieldErrors, clientMessage, clearFieldError } = useFormAction(action, {
    schema: inviteSchema,
    onSuccess,
  });
  const link = created ? `${window.location.origin}${created.path}` : "";

  return (
    <div className="space-y-5">
      {created ? (
        <OneTimeSecret
          testId="invite-link"
          title={`Invitation link for ${created.email}`}
          fieldLabel="Invitation link"
          value={link}
          warning={`Send this link to ${created.email} yourself (no email is sent). It works once, only for that address, and expires in 7 days. It will not be shown again; if it is lost, invite the same address again to get a new link.`}
          onDone={() => setCreated(null)}
        />
      ) : null}
      <form ref={formRef} noValidate action={formAction} onSubmit={onSubmit} aria-label="Invite a member">
        <input type="hidden" name="orgId" value={orgId} />
        <fieldset disabled={disabledReason !== null} className="space-y-5">
          <legend className="sr-only">Invitation</legend>
          <TextField
            name="email"
            type="email"
            label="Email address"
            autoComplete="off"
            placeholder="name@company.com"
            required
            error={fieldErrors.email}
            onInput={() => clearFieldError("email")}
            idPrefix="invite"
            className="max-w-md"
          />
          <fieldset aria-describedby={fieldErrors.role ? "invite-role-error" : undefined}>
            <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Role</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {ROLE_OPTIONS.map((option) => (
                <label
                  key={option.value}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-zinc-200 p-3 has-checked:border-indigo-500 has-checked:bg-indigo-50/60 has-disabled:cursor-not-allowed has-disabled:opacity-60 dark:border-zinc-700 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-500/10"
                >
                  <input
                    type="radio"
                    name="role"
                    value={option.value}
                    defaultChecked={option.value === "member"}
                    className={cx("mt-0.5 size-4 shrink-0 accent-indigo-600", focusRing)}
                  />
                  <span>
                    <span className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">{option.label}</span>
                    <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">{option.detail}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id="invite-role-error">{fieldErrors.role}</FieldError>
          </fieldset>
          <div className="flex flex-col gap-3 border-t border-zinc-200 pt-5 sm:flex-row sm:items-center dark:border-zinc-800">
            <Button type="submit" pending={pending} pendingLabel="Creating link…">
              Create invitation link
            </Button>
            {disabledReason ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{disabledReason}</p> : null}
            <FormStatus state={state} clientMessage={clientMessage} hideSuccess={!created} />
          </div>
        </fieldset>
      </form>
    </div>
  );
}
