"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { useToast } from "@/components/ui/toast";
import { endpointInputFromForm } from "@/lib/console/endpoint-form";
import { createEndpointSchema, updateEndpointSchema } from "@/lib/domain/webhooks/endpoint-input";
import { OneTimeSecret } from "../one-time-secret";
import type { EventChoice } from "@/lib/console/endpoint-limits";
import type { PreviewItem } from "@/lib/domain/webhooks/preview-shape";
import { EndpointShapeFields, type ShapeDefaults } from "./endpoint-shape-fields";
import { EventTypePicker } from "./event-type-picker";
import { SecretHelp } from "./secret-help";

type CreatedEndpoint = { id: string; url: string; secret: string };

function UrlAndDescription({
  idPrefix,
  defaults,
  errors,
  clearFieldError,
}: {
  idPrefix: string;
  defaults: { url: string; description: string };
  errors: Record<string, string>;
  clearFieldError: (name: string) => void;
}) {
  return (
    <>
      <TextField
        name="url"
        type="url"
        inputMode="url"
        label="Endpoint URL"
        placeholder="https://example.com/webhooks/events"
        hint="An https:// address on the public internet. It is checked now and again at every delivery; redirects are not followed."
        defaultValue={defaults.url}
        maxLength={2048}
        required
        autoComplete="off"
        spellCheck={false}
        error={errors.url}
        onInput={() => clearFieldError("url")}
        idPrefix={idPrefix}
        className="max-w-xl"
      />
      <TextField
        name="description"
        label="Description"
        optional
        placeholder="e.g. CRM contact sync (production)"
        hint="Say what receives these events, so others know what breaks if it is disabled."
        defaultValue={defaults.description}
        maxLength={500}
        error={errors.description}
        onInput={() => clearFieldError("description")}
        idPrefix={idPrefix}
        className="max-w-xl"
      />
    </>
  );
}

/**
 * Registers an endpoint: URL (the delivery guard's refusals come back under the field),
 * event types, description. The signing secret is shown once, above the form.
 */
const NO_SHAPE: ShapeDefaults = { eventIds: [], filter: "", transform: "", format: "json" };

export function CreateEndpointForm({
  orgId,
  action,
  disabledReason,
  listHref,
  events,
  preview,
}: {
  orgId: string;
  action: FormAction<CreatedEndpoint>;
  disabledReason: string | null;
  listHref: string;
  events: EventChoice[];
  preview: FormAction<PreviewItem[]>;
}) {
  const router = useRouter();
  const [created, setCreated] = useState<CreatedEndpoint | null>(null);
  const [formKey, setFormKey] = useState(0);
  const onSuccess = useCallback((result: { data: CreatedEndpoint }) => {
    setCreated(result.data);
    // A fresh form: inputs and the checkbox state of the picker start over.
    setFormKey((key) => key + 1);
  }, []);
  const { state, pending, formRef, formAction, onSubmit, fieldErrors, clientMessage, clearFieldError } = useFormAction(action, {
    schema: createEndpointSchema,
    toInput: endpointInputFromForm,
    onSuccess,
  });

  return (
    <div className="space-y-5">
      {created ? (
        <OneTimeSecret
          testId="new-endpoint-secret"
          title={`Signing secret for ${created.url}`}
          fieldLabel="Signing secret"
          value={created.secret}
          warning="Copy this signing secret into the receiver’s configuration now. It will not be shown again: afterwards only its first characters are visible. If it is lost, roll a new one on the endpoint’s page."
          onDone={() => router.push(listHref)}
        >
          <SecretHelp>
            <Link
              href={`/console/${orgId}/webhooks/${created.id}`}
              className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
            >
              Open the endpoint
            </Link>{" "}
            to send a test ping and watch its delivery log.
          </SecretHelp>
        </OneTimeSecret>
      ) : null}

      <form
        key={formKey}
        hidden={created !== null}
        ref={formRef}
        noValidate
        action={formAction}
        onSubmit={onSubmit}
        aria-label="Add a webhook endpoint"
        data-testid="create-endpoint-form"
      >
        <input type="hidden" name="orgId" value={orgId} />
        <fieldset disabled={disabledReason !== null} className="space-y-6">
          <legend className="sr-only">New webhook endpoint</legend>
          <UrlAndDescription idPrefix="endpoint" defaults={{ url: "", description: "" }} errors={fieldErrors} clearFieldError={clearFieldError} />
          <EventTypePicker idPrefix="endpoint" defaultValue={[]} error={fieldErrors.eventTypes} onChange={() => clearFieldError("eventTypes")} />
          <EndpointShapeFields
            orgId={orgId}
            idPrefix="endpoint"
            events={events}
            defaults={NO_SHAPE}
            errors={fieldErrors}
            clearFieldError={clearFieldError}
            preview={preview}
          />
          <div className="flex flex-col gap-3 border-t border-zinc-200 pt-5 sm:flex-row sm:items-center dark:border-zinc-800">
            <Button type="submit" pending={pending} pendingLabel="Adding endpoint…">
              Add endpoint
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

/** Changes URL, event types and description of an endpoint (enabled state has its own button). */
export function EditEndpointForm({
  orgId,
  endpointId,
  defaults,
  action,
  disabledReason,
  events,
  preview,
}: {
  orgId: string;
  endpointId: string;
  defaults: { url: string; description: string; eventTypes: string[] } & ShapeDefaults;
  action: FormAction<null>;
  disabledReason: string | null;
  events: EventChoice[];
  preview: FormAction<PreviewItem[]>;
}) {
  const toast = useToast();
  const onSuccess = useCallback((result: { message: string }) => toast(result.message), [toast]);
  const { state, pending, formRef, formAction, onSubmit, fieldErrors, clientMessage, clearFieldError } = useFormAction(action, {
    schema: updateEndpointSchema,
    toInput: endpointInputFromForm,
    onSuccess,
  });
  return (
    <form ref={formRef} noValidate action={formAction} onSubmit={onSubmit} aria-label="Endpoint settings" data-testid="edit-endpoint-form">
      <input type="hidden" name="orgId" value={orgId} />
      <input type="hidden" name="endpointId" value={endpointId} />
      <fieldset disabled={disabledReason !== null} className="space-y-6">
        <legend className="sr-only">Endpoint settings</legend>
        <UrlAndDescription idPrefix="edit-endpoint" defaults={defaults} errors={fieldErrors} clearFieldError={clearFieldError} />
        <EventTypePicker
          idPrefix="edit-endpoint"
          defaultValue={defaults.eventTypes}
          error={fieldErrors.eventTypes}
          onChange={() => clearFieldError("eventTypes")}
        />
        <EndpointShapeFields
          orgId={orgId}
          idPrefix="edit-endpoint"
          events={events}
          defaults={defaults}
          errors={fieldErrors}
          clearFieldError={clearFieldError}
          preview={preview}
        />
        <div className="flex flex-col gap-3 border-t border-zinc-200 pt-5 sm:flex-row sm:items-center dark:border-zinc-800">
          <Button type="submit" pending={pending} pendingLabel="Saving…">
            Save changes
          </Button>
          <FormStatus state={state} clientMessage={clientMessage} className="sm:ml-2" />
        </div>
      </fieldset>
    </form>
  );
}
