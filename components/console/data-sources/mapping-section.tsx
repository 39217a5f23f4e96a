"use client";

import type { EventOption } from "@/lib/console/list-data-sources";
import { targetFields, type SourceDraft } from "@/lib/console/mapping-draft";
import { EditorInput, EditorSection, GroupError, type Errors } from "./editor-fields";
import { FieldMapping } from "./field-mapping";
import { SkipRulesEditor } from "./skip-rules-editor";
import type { DraftEdit } from "./use-source-draft";

/** For each target field: where its value comes from in a partner record, its transforms, a default. */
export function MappingSection({
  draft,
  errors,
  event,
  edit,
  pathsListId,
  zonesListId,
}: {
  draft: SourceDraft;
  errors: Errors;
  event: EventOption | null;
  edit: DraftEdit;
  pathsListId: string;
  zonesListId: string;
}) {
  const fields = targetFields(draft.target);
  const fieldNames = Object.keys(fields);
  return (
      <EditorSection
        title="Mapping"
        testId="section-mapping"
        description={
          <>
            For each {draft.target === "attendees" ? "attendee" : "session"} field, the dotted path of its value in a partner record
            (pick from the paths the sample found, or type one), transforms applied in order, and a default for records without a
            value. Leave a path empty to leave that field alone.
            {event ? (
              <> Dates without an offset are read in the event’s time zone ({event.timezone}) unless a transform names another.</>
            ) : null}
          </>
        }
      >
        <GroupError path="mapping" error={errors.mapping ?? errors["mapping.fields"]} />
        {draft.target === "sessions" ? (
          <EditorInput
            path="mapping.sourceIdPath"
            label="Source id path"
            hint="The path of each record's own stable id. It links the record to its session across runs, so a changed title updates the session instead of adding another."
            placeholder="e.g. id"
            list={pathsListId}
            autoComplete="off"
            spellCheck={false}
            value={draft.sourceIdPath}
            error={errors["mapping.sourceIdPath"]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              edit((d) => void (d.sourceIdPath = value), "mapping.sourceIdPath");
            }}
            className="max-w-md"
            inputClassName="font-mono"
          />
        ) : (
          <EditorInput
            path="mapping.recordIdPath"
            label="Record id path"
            optional
            hint="The path of the partner's own id of each record (such as id). Skipped records are named by it in the run history, so you can find them in the partner's system."
            placeholder="e.g. id"
            list={pathsListId}
            autoComplete="off"
            spellCheck={false}
            value={draft.recordIdPath}
            error={errors["mapping.recordIdPath"]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              edit((d) => void (d.recordIdPath = value), "mapping.recordIdPath");
            }}
            className="max-w-md"
            inputClassName="font-mono"
          />
        )}
        <SkipRulesEditor
          rules={draft.skipRules}
          errors={errors}
          pathsListId={pathsListId}
          onChange={(update, clear) => edit((d) => update(d.skipRules), clear)}
        />
        <ul className="space-y-4">
          {fieldNames.map((name) => (
            <FieldMapping
              key={`${draft.target}-${name}`}
              name={name}
              spec={fields[name]}
              field={draft.fields[name]}
              errors={errors}
              pathsListId={pathsListId}
              zonesListId={zonesListId}
              eventTimezone={event?.timezone ?? null}
              onChange={(update, clear) => edit((d) => update(d.fields[name]), clear)}
            />
          ))}
        </ul>
      </EditorSection>
  );
}
