import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { InfoSectionSchema } from "@/lib/domain/resources/resources";
import { refuseControlCharacters } from "@/lib/platform/text/control-characters";
import { INFO_SECTION_ICONS, INFO_SECTION_VISIBILITIES } from "./info-section-icons";
import { lockEventList, lockItem, nextSortOrder, parseInput } from "./event-items";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { changedAnything, fieldChanges, snapshot } from "@/lib/domain/audit/summary";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";

// Info sections of an event (venue, travel, wifi...). The fields are the Partner API's
// InfoSection (the projection schema), narrowed to what an organizer writes, plus the
// visibility the API filters on: only `published` sections are ever served; `draft`
// (being written) and `hidden` (taken down) stay in the console.

export const MAX_DETAIL_ROWS = 30;

const detailShape = InfoSectionSchema.shape.details.element.shape;

export const detailRowSchema = z.strictObject({
  label: detailShape.label.trim().min(1, "Give each row a label.").max(100).refine(...refuseControlCharacters("label")),
  value: detailShape.value.trim().min(1, "Give each row a value.").max(500).refine(...refuseControlCharacters("value")),
});

export const infoSectionInputSchema = z.strictObject({
  title: InfoSectionSchema.shape.title.trim().min(1, "Give the section a title.").max(200).refine(...refuseControlCharacters("title")),
  summary: InfoSectionSchema.shape.summary
    .unwrap()
    .trim()
    .max(300)
    .refine(...refuseControlCharacters("summary"))
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional(),
  body: InfoSectionSchema.shape.body.trim().max(20_000).refine(...refuseControlCharacters("body", { multiline: true })).optional(),
  icon: z.enum(INFO_SECTION_ICONS, { message: "Choose one of the icons." }),
  details: z.array(detailRowSchema).max(MAX_DETAIL_ROWS, `At most ${MAX_DETAIL_ROWS} key-detail rows.`).optional(),
  visibility: z.enum(INFO_SECTION_VISIBILITIES, { message: "Choose draft, published or hidden." }),
});

export type InfoSectionInput = z.input<typeof infoSectionInputSchema>;

const columns = { id: true, eventId: true, title: true, summary: true, body: true, icon: true, details: true, sortOrder: true, visibility: true } as const;

const data = (fields: z.output<typeof infoSectionInputSchema>) => ({
  title: fields.title,
  summary: fields.summary ?? null,
  body: fields.body ?? "",
  icon: fields.icon,
  details: fields.details ?? [],
  visibility: fields.visibility,
});

/** What a section's audit entry shows: the texts as excerpts, the key details as their rows. */
const AUDITED = ["title", "visibility", "icon", "summary", "body", "details"] as const;

/** Adds a section at the end of the event's order. */
export async function createInfoSection(orgId: string, eventId: string, input: InfoSectionInput, actor: Actor) {
  const fields = parseInput(infoSectionInputSchema, input);
  return getDb().$transaction(async (tx) => {
    await lockEventList(tx, orgId, eventId, "InfoSection");
    const sortOrder = await nextSortOrder(tx, "InfoSection", eventId);
    const section = await tx.infoSection.create({ data: { eventId, ...data(fields), sortOrder }, select: columns });
    await recordAudit(tx, orgId, actor, {
      action: "info_section.created",
      target: { type: "info_section", id: section.id, label: section.title },
      summary: snapshot(section, AUDITED),
    });
    return section;
  }, WRITE_TRANSACTION);
}

/** Replaces the section's content and visibility (its place moves with moveItem). */
export async function updateInfoSection(orgId: string, sectionId: string, input: InfoSectionInput, actor: Actor) {
  const fields = parseInput(infoSectionInputSchema, input);
  return getDb().$transaction(async (tx) => {
    await lockItem(tx, orgId, "InfoSection", sectionId);
    const before = await tx.infoSection.findUniqueOrThrow({ where: { id: sectionId }, select: columns });
    const section = await tx.infoSection.update({ where: { id: sectionId }, data: data(fields), select: columns });
    const summary = fieldChanges(before, section, AUDITED);
    if (changedAnything(summary)) {
      await recordAudit(tx, orgId, actor, { action: "info_section.updated", target: { type: "info_section", id: sectionId, label: section.title }, summary });
    }
    return section;
  }, WRITE_TRANSACTION);
}

export async function deleteInfoSection(orgId: string, sectionId: string, actor: Actor) {
  return getDb().$transaction(async (tx) => {
    await lockItem(tx, orgId, "InfoSection", sectionId);
    const section = await tx.infoSection.delete({ where: { id: sectionId }, select: columns });
    await recordAudit(tx, orgId, actor, {
      action: "info_section.deleted",
      target: { type: "info_section", id: sectionId, label: section.title },
      summary: snapshot(section, ["title", "visibility"]),
    });
    return section;
  }, WRITE_TRANSACTION);
}
