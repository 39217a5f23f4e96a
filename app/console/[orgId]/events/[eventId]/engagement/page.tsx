import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ConfirmedChangeButton } from "@/components/console/confirmed-change-button";
import { ExportMenu } from "@/components/console/exports/export-menu";
import { EngagementPanels } from "@/components/console/engagement/engagement-panels";
import { FormDialogButton } from "@/components/console/engagement/form-dialog";
import { statusTone } from "@/components/console/events/event-dates";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Panel } from "@/components/ui/panel";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import { requireMember } from "@/lib/console/guard";
import { engagementCursors, engagementRecord } from "@/lib/console/engagement-lists";
import { findOrgEvent, listEventForms } from "@/lib/console/event-workspace";
import { readFormFields } from "@/lib/domain/engagement/form-field-types";
import { canTransition } from "@/lib/domain/transitions/state-tables";
import { closeFormAction, openFormAction } from "../../actions";
import { createFormAction, deleteFormAction, updateFormAction } from "./form-actions";

export const metadata: Metadata = { title: "Engagement" };

type Props = { params: Promise<{ orgId: string; eventId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function EngagementPage({ params, searchParams }: Props) {
  const { orgId, eventId } = await params;
  const cursors = engagementCursors(await searchParams);
  const { membership } = await requireMember(orgId);
  const event = await findOrgEvent(orgId, eventId);
  if (!event) notFound();
  const base = `/console/${orgId}/events/${eventId}`;
  return (
    <>
      <Engagement orgId={orgId} eventId={eventId} isAdmin={membership.role === "admin"} archived={event.status === "archived"} />
      <EngagementPanels record={await engagementRecord(orgId, eventId, cursors)} path={`${base}/engagement`} query={cursors} timezone={event.timezone} guestsPath={`${base}/guests`} exportsPath={`${base}/exports`} />
    </>
  );
}

async function Engagement({ orgId, eventId, isAdmin, archived }: { orgId: string; eventId: string; isAdmin: boolean; archived: boolean }) {
  const forms = await listEventForms(eventId);
  // Admins define and change forms, except in an archived event (the operations answer 409 event_archived).
  const authoring = isAdmin && !archived;
  return (
    <Panel
      title="Forms"
      id="forms"
      description="Surveys and sign-up questions attendees answer in the app. Partners read the definitions and the answers (keyed by field key) through the Partner API."
      actions={authoring ? <FormDialogButton orgId={orgId} eventId={eventId} action={createFormAction} /> : null}
    >
      {forms.length === 0 ? (
        <EmptyState title="No forms yet">
          {authoring
            ? "Define the first with “New form” above: it starts as a draft, and attendees can answer once you open it."
            : "Admins of this organization define forms on this page."}
        </EmptyState>
      ) : (
        <Table label="Forms" minWidth="36rem">
          <THead><Th>Form</Th><Th>Fields</Th><Th>Status</Th><Th>Answers</Th>{authoring ? <Th className="text-right"><span className="sr-only">Actions</span></Th> : null}</THead>
          <TBody>
            {forms.map((form) => {
              const fields = readFormFields(form.fields);
              return (
                <Tr key={form.id} data-testid="form-row">
                  <Td className="font-medium">{form.name}</Td>
                  <Td label="Fields">{fields.length ? fields.map((field) => field.label || field.key).join(", ") : "—"}</Td>
                  <Td label="Status"><Badge tone={statusTone(form.status)}>{form.status}</Badge></Td>
                  <Td label="Answers">
                    <div className="flex items-center gap-3">
                      <span data-testid="form-answer-count">{form._count.submissions}</span>
                      <ExportMenu href={`/console/${orgId}/events/${eventId}/exports/answers`} query={{ form: form.id }} label={`the answers to ${form.name}`} testId="export-answers" />
                    </div>
                  </Td>
                  {authoring ? (
                    <Td className="text-right">
                      <div className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
                        <FormDialogButton orgId={orgId} eventId={eventId} form={{ id: form.id, name: form.name, description: form.description, status: form.status, fields }} action={updateFormAction} />
                        {canTransition("form", form.status, "open") ? (
                          <ConfirmedChangeButton fields={{ orgId, formId: form.id }} action={openFormAction} label="Open" srLabel={form.name} title={`Open “${form.name}”?`} description="Attendees can submit answers until you close it. From now on its field keys are fixed." confirmLabel="Open form" pendingLabel="Opening…" testId="open-form" />
                        ) : canTransition("form", form.status, "closed") ? (
                          <ConfirmedChangeButton fields={{ orgId, formId: form.id }} action={closeFormAction} danger label="Close" srLabel={form.name} title={`Close “${form.name}”?`} description="New answers are refused; existing answers stay. You can open it again." confirmLabel="Close form" pendingLabel="Closing…" testId="close-form" />
                        ) : null}
                        {form.status === "draft" ? (
                          <ConfirmedChangeButton fields={{ orgId, id: form.id }} action={deleteFormAction} danger label="Delete" srLabel={form.name} title={`Delete “${form.name}”?`} description="The draft is deleted; no one has answered it." confirmLabel="Delete form" pendingLabel="Deleting…" testId="delete-form" />
                        ) : null}
                      </div>
                    </Td>
                  ) : null}
                </Tr>
              );
            })}
          </TBody>
        </Table>
      )}
    </Panel>
  );
}
