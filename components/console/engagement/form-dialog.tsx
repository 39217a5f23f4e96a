"use client";

import { ItemDialogButton } from "@/components/console/programme/item-dialog";
import { RowListEditor } from "@/components/console/programme/row-list-editor";
import { SelectField, TextAreaField } from "@/components/console/programme/choice-fields";
import type { FormAction } from "@/components/forms/use-form-action";
import { TextField } from "@/components/ui/field";
import { FORM_FIELD_TYPE_LABELS, FORM_FIELD_TYPES, type FormFieldDefinition } from "@/lib/domain/engagement/form-field-types";

// Defining a form: name, description and fields in the order asked. While the form is a
// draft every field can change. Once it has been opened answers are stored under the
// field keys (the spec), so a stored field keeps its key and type and cannot be removed;
// labels, required and the order still change, and new fields can be added.

export type FormValues = { id: string; name: string; description: string; status: string; fields: FormFieldDefinition[] };

type Row = FormFieldDefinition & { stored: boolean; keyEdited: boolean };

/** A key suggested from the label while the key has not been typed: "Dietary needs?" → dietary_needs. */
function keyFrom(label: string): string {
  const slug = label
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^[_0-9]+|_+$/g, "")
    .slice(0, 63);
  return slug;
}

export function FormDialogButton({ orgId, eventId, form, action }: { orgId: string; eventId: string; form?: FormValues; action: FormAction<null> }) {
  const opened = Boolean(form && form.status !== "draft");
  const idPrefix = form ? `form-${form.id}` : "new-form";
  const initial: Row[] = (form?.fields ?? []).map((field) => ({ ...field, stored: opened, keyEdited: true }));
  return (
    <ItemDialogButton
      label={form ? "Edit" : "New form"}
      srLabel={form?.name}
      title={form ? `Edit “${form.name}”` : "New form"}
      description={
        opened
          ? "This form has been opened: answers are stored under its field keys, so existing fields keep their key and type. Labels, required and the order can change, and you can add fields."
          : "A new form is a draft: attendees can answer it once you open it. Field keys are how partners read the answers; they are fixed once the form is opened."
      }
      hidden={form ? { orgId, id: form.id } : { orgId, eventId }}
      action={action}
      submitLabel={form ? "Save form" : "Add form"}
      testId={form ? "edit-form" : "new-form"}
      idPrefix={idPrefix}
      primary={!form}
    >
      {({ field, errors }) => (
        <>
          <TextField {...field("name")} label="Name" defaultValue={form?.name} autoFocus required />
          <TextAreaField {...field("description")} label="Description" rows={2} defaultValue={form?.description ?? ""} optional />
          <RowListEditor<Row>
            name="fields"
            legend="Fields, in the order asked"
            testId="form-fields"
            initial={initial}
            blank={() => ({ key: "", label: "", type: "short_text", required: false, stored: false, keyEdited: false })}
            serialize={({ key, label, type, required }) => ({ key, label, type, required })}
            errors={errors}
            addLabel="Add a field"
            rowName={(row, index) => row.label || row.key || `field ${index + 1}`}
            canRemove={(row) => !row.stored}
            renderRow={(row, index, update, rowErrors) => {
              const types = (FORM_FIELD_TYPES as readonly string[]).includes(row.type) ? FORM_FIELD_TYPES : [...FORM_FIELD_TYPES, row.type];
              return (
                <div className="grid gap-2 sm:grid-cols-2">
                  <TextField
                    name={`field-label-${index}`}
                    idPrefix={idPrefix}
                    label="Label"
                    value={row.label}
                    error={rowErrors("label")}
                    onChange={(event) => update(row.keyEdited ? { label: event.target.value } : { label: event.target.value, key: keyFrom(event.target.value) })}
                  />
                  <TextField
                    name={`field-key-${index}`}
                    idPrefix={idPrefix}
                    label="Key"
                    value={row.key}
                    readOnly={row.stored}
                    error={rowErrors("key")}
                    hint={row.stored ? "Fixed: answers are stored under it." : "Lowercase letters, digits and _."}
                    className="font-mono"
                    onChange={(event) => update({ key: event.target.value, keyEdited: true })}
                  />
                  <SelectField
                    name={`field-type-${index}`}
                    idPrefix={idPrefix}
                    label="Type"
                    value={row.type}
                    disabled={row.stored}
                    error={rowErrors("type")}
                    onChange={(event) => update({ type: event.target.value })}
                  >
                    {types.map((type) => (
                      <option key={type} value={type}>
                        {FORM_FIELD_TYPE_LABELS[type as keyof typeof FORM_FIELD_TYPE_LABELS] ?? type}
                      </option>
                    ))}
                  </SelectField>
                  <div className="flex items-center gap-2 sm:mt-7">
                    <input
                      id={`${idPrefix}-field-required-${index}`}
                      type="checkbox"
                      checked={row.required}
                      onChange={(event) => update({ required: event.target.checked })}
                      className="size-4"
                    />
                    <label htmlFor={`${idPrefix}-field-required-${index}`} className="text-sm text-zinc-900 dark:text-zinc-100">
                      Required
                    </label>
                  </div>
                </div>
              );
            }}
          />
        </>
      )}
    </ItemDialogButton>
  );
}
