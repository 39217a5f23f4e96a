"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState, useSyncExternalStore } from "react";
import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { cx, focusRing } from "@/components/ui/cx";
import { FieldError, TextField, describedBy, inputClasses } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { keyInputFromForm } from "@/lib/console/key-form-schema";
import { MAX_ALLOWED_IPS } from "@/lib/domain/keys/allowed-ips";
import { createKeySchema } from "@/lib/domain/keys/key-schema";
import { SCOPE_DESCRIPTIONS, SCOPES, type Scope } from "@/lib/domain/keys/scopes";
import { CopyButton } from "../copy-button";
import { OneTimeSecret } from "../one-time-secret";
import { AllowedIps } from "./allowed-ips";

type CreatedKey = { id: string; name: string; prefix: string; secret: string; scopes: Scope[]; allowedIps: string[] };

const noSubscription = () => () => {};
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function tomorrow(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Name, one to four scopes, an optional expiry and optional IP ranges. Validated here with the same rules as
 * createKeySchema, then on the server by createApiKey itself. The created key replaces the
 * form and is shown once; Done goes back to the list.
 */
export function CreateKeyForm({
  orgId,
  action,
  disabledReason,
  origin,
  listHref,
}: {
  orgId: string;
  action: FormAction<CreatedKey>;
  disabledReason: string | null;
  origin: string;
  listHref: string;
}) {
  const router = useRouter();
  const [created, setCreated] = useState<CreatedKey | null>(null);
  // The browser's zone, sent with the picked date: the key expires at the end of that day
  // there. Read after hydration, so server and browser render the same markup first.
  const timeZone = useSyncExternalStore(noSubscription, browserTimeZone, () => "");
  const onSuccess = useCallback((result: { data: CreatedKey }, form: HTMLFormElement | null) => {
    setCreated(result.data);
    form?.reset();
  }, []);
  const { state, pending, formRef, formAction, onSubmit, fieldErrors, clientMessage, clearFieldError } = useFormAction(action, {
    schema: createKeySchema,
    toInput: keyInputFromForm,
    onSuccess,
    focusAlias: FOCUS_ALIAS,
  });

  const curl = created ? `curl -H "Authorization: Bearer ${created.secret}" \\\n  ${origin}/partner/v1/me` : "";
  return (
    <div className="space-y-5">
      {created ? (
        <OneTimeSecret
          testId="new-key"
          title={`Your new key “${created.name}”`}
          fieldLabel="New API key"
          value={created.secret}
          warning="Copy this key now and store it somewhere safe, such as your secrets manager. It will not be shown again: afterwards only its prefix is visible. A lost key cannot be recovered, only replaced."
          onDone={() => router.push(listHref)}
        >
          <div className="mt-4">
            <div className="flex items-center justify-between gap-3">
              <p className="text-xs font-medium text-zinc-700 dark:text-zinc-300">Try it:</p>
              <CopyButton value={curl} label="Copy request" fallbackSelectId="new-key-curl" testId="copy-curl" />
            </div>
            <pre
              id="new-key-curl"
              tabIndex={0}
              aria-label="Example request with the new key"
              className={cx("mt-1 overflow-x-auto rounded-md bg-zinc-900 px-3 py-2 font-mono text-xs text-zinc-100 dark:bg-black", focusRing)}
            >
              <code>{curl}</code>
            </pre>
          </div>
          <div className="mt-4">
            <p className="text-xs font-medium text-zinc-700 dark:text-zinc-300">Accepted from:</p>
            <AllowedIps ranges={created.allowedIps} className="mt-1" />
          </div>
        </OneTimeSecret>
      ) : null}

      <form hidden={created !== null} ref={formRef} noValidate action={formAction} onSubmit={onSubmit} aria-label="Create an API key" data-testid="create-key-form">
        <input type="hidden" name="orgId" value={orgId} />
        <input type="hidden" name="timeZone" value={timeZone} />
        <fieldset disabled={disabledReason !== null} className="space-y-6">
          <legend className="sr-only">New API key</legend>
          <TextField
            name="name"
            label="Name"
            placeholder="e.g. CRM sync (production)"
            hint="Say what uses the key, so you know what breaks if it is revoked."
            maxLength={100}
            required
            error={fieldErrors.name}
            onInput={() => clearFieldError("name")}
            idPrefix="key"
            className="max-w-md"
          />

          <fieldset aria-describedby={describedBy("key-scopes-hint", fieldErrors.scopes && "key-scopes-error")}>
            <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Scopes</legend>
            <p id="key-scopes-hint" className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
              Choose one to four. Scopes are fixed once the key exists: a different set needs a new key. <code className="font-mono">GET /me</code> works with any scope.
            </p>
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              {SCOPES.map((scope) => (
                <label
                  key={scope}
                  className={cx(
                    "flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-checked:border-indigo-500 has-checked:bg-indigo-50/60 has-disabled:cursor-not-allowed has-disabled:opacity-60 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-500/10",
                    fieldErrors.scopes ? "border-red-400 dark:border-red-500/60" : "border-zinc-200 dark:border-zinc-700",
                  )}
                >
                  <input
                    type="checkbox"
                    name="scopes"
                    value={scope}
                    aria-invalid={fieldErrors.scopes ? true : undefined}
                    onChange={() => clearFieldError("scopes")}
                    className={cx("mt-0.5 size-4 shrink-0 rounded accent-indigo-600", focusRing)}
                  />
                  <span className="min-w-0">
                    <span className="block font-mono text-sm font-medium text-zinc-900 dark:text-zinc-100">{scope}</span>
                    <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">{SCOPE_DESCRIPTIONS[scope]}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id="key-scopes-error">{fieldErrors.scopes}</FieldError>
          </fieldset>

          <TextField
            name="expiresOn"
            type="date"
            label="Expires"
            optional
            min={timeZone ? tomorrow() : undefined}
            hint={`Leave empty for a key that does not expire. The key stops working at the end of this day in your time zone${timeZone ? ` (${timeZone})` : ""}. An expiry cannot be extended.`}
            error={fieldErrors.expiresAt}
            onChange={() => clearFieldError("expiresAt")}
            idPrefix="key"
            className="max-w-xs"
          />

          <div className="max-w-md">
            <label htmlFor="key-allowedIps" className="flex items-baseline justify-between text-sm font-medium text-zinc-900 dark:text-zinc-100">
              <span>Allowed IP ranges</span>
              <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">Optional</span>
            </label>
            <textarea
              id="key-allowedIps"
              name="allowedIps"
              rows={3}
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              placeholder={"203.0.113.0/24\n2001:db8::/32"}
              aria-invalid={fieldErrors.allowedIps ? true : undefined}
              aria-describedby={describedBy("key-allowedIps-hint", fieldErrors.allowedIps && "key-allowedIps-error")}
              onInput={() => clearFieldError("allowedIps")}
              className={cx(
                "mt-1.5 font-mono",
                inputClasses,
                fieldErrors.allowedIps ? "border-red-500 dark:border-red-500" : "border-zinc-300 hover:border-zinc-400 dark:border-zinc-700 dark:hover:border-zinc-600",
              )}
            />
            <p id="key-allowedIps-hint" className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
              {`One IPv4 or IPv6 address or CIDR range per line (or comma separated), at most ${MAX_ALLOWED_IPS}. Requests from any other address are refused with 403 ip_not_allowed. Leave empty to accept any address. Ranges are fixed once the key exists.`}
            </p>
            <FieldError id="key-allowedIps-error">{fieldErrors.allowedIps}</FieldError>
          </div>

          <div className="flex flex-col gap-3 border-t border-zinc-200 pt-5 sm:flex-row sm:items-center dark:border-zinc-800">
            <Button type="submit" pending={pending} pendingLabel="Creating key…">
              Create key
            </Button>
            {disabledReason ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="create-disabled-reason">
                {disabledReason}
              </p>
            ) : null}
            <FormStatus state={state} clientMessage={clientMessage} hideSuccess={!created} className="sm:ml-2" />
          </div>
        </fieldset>
      </form>
    </div>
  );
}

const FOCUS_ALIAS = { expiresAt: "expiresOn" };
