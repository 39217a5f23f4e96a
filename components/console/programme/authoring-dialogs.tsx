"use client";

import { useState } from "react";
import type { FormAction } from "@/components/forms/use-form-action";
import { TextField } from "@/components/ui/field";
import { INFO_SECTION_ICON_LABELS, INFO_SECTION_ICONS, INFO_SECTION_VISIBILITIES } from "@/lib/domain/programme/info-section-icons";
import { SelectField, TextAreaField } from "./choice-fields";
import { InfoIcon } from "./info-icons";
import { ItemDialogButton, type FieldWiring } from "./item-dialog";
import { RowListEditor } from "./row-list-editor";

// The authoring dialogs of an event's programme lists. Each posts to one server action,
// which re-checks the admin and validates with the operation's schema (narrowed from the
// Partner API's projection); the browser only shapes the input.

type Common = { orgId: string; eventId: string; action: FormAction<null> };

function trigger<T extends { id: string }>(item: T | undefined, noun: string, name: (item: T) => string) {
  return item
    ? { label: "Edit", srLabel: name(item), title: `Edit “${name(item)}”`, submitLabel: `Save ${noun}`, testId: `edit-${noun.replace(" ", "-")}` }
    : { label: `New ${noun}`, title: `New ${noun}`, submitLabel: `Add ${noun}`, testId: `new-${noun.replace(" ", "-")}`, primary: true };
}

function hidden(common: Common, item?: { id: string }): Record<string, string> {
  return item ? { orgId: common.orgId, id: item.id } : { orgId: common.orgId, eventId: common.eventId };
}

export function TrackDialogButton({ track, ...common }: Common & { track?: { id: string; name: string; color: string | null } }) {
  const idPrefix = track ? `track-${track.id}` : "new-track";
  return (
    <ItemDialogButton {...trigger(track, "track", (t) => t.name)} hidden={hidden(common, track)} action={common.action} idPrefix={idPrefix}>
      {({ field }) => (
        <>
          <TextField {...field("name")} label="Name" defaultValue={track?.name} autoFocus required />
          <TrackColourField field={field("color")} initial={track ? track.color : "#2563eb"} idPrefix={idPrefix} />
        </>
      )}
    </ItemDialogButton>
  );
}

/** A colour picker always holds a colour, so "No colour" is a box of its own; ticked, the picker sends nothing and the track has none. */
function TrackColourField({ field, initial, idPrefix }: { field: ReturnType<FieldWiring["field"]>; initial: string | null; idPrefix: string }) {
  const [none, setNone] = useState(initial === null);
  return (
    <div className="space-y-2">
      <TextField
        {...field}
        type="color"
        label="Colour"
        defaultValue={initial ?? "#2563eb"}
        disabled={none}
        hint="Shown next to the track's sessions in the apps (# and six hex digits)."
        className="[&_input]:h-10 [&_input]:w-24 [&_input]:p-1"
      />
      <div className="flex items-center gap-2">
        <input
          id={`${idPrefix}-no-colour`}
          type="checkbox"
          checked={none}
          onChange={(event) => setNone(event.currentTarget.checked)}
          className="size-4"
          data-testid="track-no-colour"
        />
        <label htmlFor={`${idPrefix}-no-colour`} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          No colour
        </label>
      </div>
    </div>
  );
}

export function RoomDialogButton({ room, ...common }: Common & { room?: { id: string; name: string } }) {
  return (
    <ItemDialogButton {...trigger(room, "room", (r) => r.name)} hidden={hidden(common, room)} action={common.action} idPrefix={room ? `room-${room.id}` : "new-room"}>
      {({ field }) => <TextField {...field("name")} label="Name" defaultValue={room?.name} autoFocus required />}
    </ItemDialogButton>
  );
}

export type SpeakerValues = { id: string; name: string; title: string | null; company: string | null; bio: string | null; photoUrl: string | null; photoPath: string | null };

export function SpeakerDialogButton({ speaker, ...common }: Common & { speaker?: SpeakerValues }) {
  return (
    <ItemDialogButton
      {...trigger(speaker, "speaker", (s) => s.name)}
      hidden={hidden(common, speaker)}
      action={common.action}
      idPrefix={speaker ? `speaker-${speaker.id}` : "new-speaker"}
    >
      {({ field }) => (
        <>
          <TextField {...field("name")} label="Name" defaultValue={speaker?.name} autoFocus required />
          <TextField {...field("title")} label="Job title" defaultValue={speaker?.title ?? ""} optional />
          <TextField {...field("company")} label="Company" defaultValue={speaker?.company ?? ""} optional />
          <TextAreaField {...field("bio")} label="Bio" rows={4} defaultValue={speaker?.bio ?? ""} optional />
          <TextField
            {...field("photoUrl")}
            type="url"
            label="Photo link"
            defaultValue={speaker?.photoUrl ?? ""}
            hint="An absolute https:// link to the photo."
            optional
          />
          {speaker?.photoPath ? (
            <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="speaker-photo-path">
              Uploaded photo (from the service&apos;s apps, kept as it is): <code className="font-mono break-all">{speaker.photoPath}</code>
            </p>
          ) : null}
        </>
      )}
    </ItemDialogButton>
  );
}

export type SponsorValues = { id: string; name: string; tier: string; websiteUrl: string | null; description: string; featured: boolean };

export function SponsorDialogButton({ sponsor, tiers, featuredName, ...common }: Common & { sponsor?: SponsorValues; tiers: string[]; featuredName: string | null }) {
  const idPrefix = sponsor ? `sponsor-${sponsor.id}` : "new-sponsor";
  const replaces = featuredName && featuredName !== sponsor?.name && !sponsor?.featured ? featuredName : null;
  return (
    <ItemDialogButton {...trigger(sponsor, "sponsor", (s) => s.name)} hidden={hidden(common, sponsor)} action={common.action} idPrefix={idPrefix}>
      {({ field }) => (
        <>
          <TextField {...field("name")} label="Name" defaultValue={sponsor?.name} autoFocus required />
          <TextField {...field("tier")} label="Tier" defaultValue={sponsor?.tier} list={`${idPrefix}-tiers`} hint="Free text, such as Gold; your existing tiers are suggested." required />
          <datalist id={`${idPrefix}-tiers`}>
            {tiers.map((tier) => (
              <option key={tier} value={tier} />
            ))}
          </datalist>
          <TextField {...field("websiteUrl")} type="url" label="Website" defaultValue={sponsor?.websiteUrl ?? ""} optional />
          <TextAreaField {...field("description")} label="Description" rows={3} defaultValue={sponsor?.description ?? ""} optional />
          <div className="flex items-start gap-2">
            <input
              id={`${idPrefix}-featuredOnCards`}
              name="featuredOnCards"
              type="checkbox"
              defaultChecked={sponsor?.featured ?? false}
              aria-describedby={`${idPrefix}-featuredOnCards-hint`}
              className="mt-0.5 size-4"
            />
            <div>
              <label htmlFor={`${idPrefix}-featuredOnCards`} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
                Featured on cards
              </label>
              <p id={`${idPrefix}-featuredOnCards-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
                One sponsor per event prints on every attendee&apos;s QR card.
                {replaces ? ` Ticking this replaces “${replaces}”.` : ""}
              </p>
            </div>
          </div>
        </>
      )}
    </ItemDialogButton>
  );
}

export type InfoSectionValues = {
  id: string;
  title: string;
  summary: string | null;
  body: string;
  icon: string;
  details: { label: string; value: string }[];
  visibility: string;
};

const VISIBILITY_LABELS: Record<(typeof INFO_SECTION_VISIBILITIES)[number], string> = {
  draft: "Draft — not served yet",
  published: "Published — served to partners and apps",
  hidden: "Hidden — taken down",
};

export function InfoSectionDialogButton({ section, ...common }: Common & { section?: InfoSectionValues }) {
  const idPrefix = section ? `info-${section.id}` : "new-info";
  return (
    <ItemDialogButton
      {...trigger(section, "info section", (s) => s.title)}
      hidden={hidden(common, section)}
      action={common.action}
      idPrefix={idPrefix}
      description="Only published sections reach the Partner API and the apps."
    >
      {({ field, errors }) => (
        <>
          <TextField {...field("title")} label="Title" defaultValue={section?.title} autoFocus required />
          <TextField {...field("summary")} label="Summary" defaultValue={section?.summary ?? ""} hint="One line, shown as a teaser." optional />
          <TextAreaField {...field("body")} label="Body" rows={4} defaultValue={section?.body ?? ""} optional />
          <fieldset aria-describedby={errors.icon ? `${idPrefix}-icon-error` : undefined}>
            <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Icon</legend>
            <div className="mt-1.5 grid grid-cols-3 gap-2 sm:grid-cols-4">
              {INFO_SECTION_ICONS.map((icon) => (
                <label
                  key={icon}
                  className="flex cursor-pointer flex-col items-center gap-1 rounded-md border border-zinc-300 p-2 text-xs text-zinc-700 has-checked:border-blue-600 has-checked:bg-blue-50 has-focus-visible:outline-2 has-focus-visible:outline-blue-600 dark:border-zinc-700 dark:text-zinc-300 dark:has-checked:bg-blue-950"
                >
                  <input type="radio" name="icon" value={icon} defaultChecked={(section?.icon ?? "info") === icon} className="sr-only" />
                  <InfoIcon name={icon} />
                  {INFO_SECTION_ICON_LABELS[icon]}
                </label>
              ))}
            </div>
            {errors.icon ? (
              <p id={`${idPrefix}-icon-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
                {errors.icon}
              </p>
            ) : null}
          </fieldset>
          <RowListEditor
            name="details"
            legend="Key details"
            testId="detail-rows"
            initial={section?.details ?? []}
            blank={() => ({ label: "", value: "" })}
            errors={errors}
            addLabel="Add a row"
            rowName={(row, index) => row.label || `row ${index + 1}`}
            renderRow={(row, index, update, rowErrors) => (
              <div className="grid gap-2 sm:grid-cols-2">
                <TextField name={`detail-label-${index}`} idPrefix={idPrefix} label="Label" value={row.label} error={rowErrors("label")} onChange={(event) => update({ label: event.target.value })} />
                <TextField name={`detail-value-${index}`} idPrefix={idPrefix} label="Value" value={row.value} error={rowErrors("value")} onChange={(event) => update({ value: event.target.value })} />
              </div>
            )}
          />
          <SelectField {...field("visibility")} label="Visibility" defaultValue={section?.visibility ?? "draft"}>
            {INFO_SECTION_VISIBILITIES.map((visibility) => (
              <option key={visibility} value={visibility}>
                {VISIBILITY_LABELS[visibility]}
              </option>
            ))}
          </SelectField>
        </>
      )}
    </ItemDialogButton>
  );
}
