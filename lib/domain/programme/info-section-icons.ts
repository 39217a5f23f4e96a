// The icons an info section may name (the Partner API's `icon`), drawn by the attendee
// apps. Imports nothing, so the console's client components can use the list.

export const INFO_SECTION_ICONS = [
  "info",
  "map-pin",
  "wifi",
  "shield-check",
  "utensils",
  "party-popper",
  "mic",
  "car",
  "train",
  "clock",
  "phone",
  "accessibility",
] as const;

export type InfoSectionIcon = (typeof INFO_SECTION_ICONS)[number];

/** The words people read for each icon. */
export const INFO_SECTION_ICON_LABELS: Record<InfoSectionIcon, string> = {
  info: "Information",
  "map-pin": "Location",
  wifi: "Wi-Fi",
  "shield-check": "Safety",
  utensils: "Food",
  "party-popper": "Social",
  mic: "Talks",
  car: "Parking",
  train: "Transport",
  clock: "Times",
  phone: "Contact",
  accessibility: "Accessibility",
};

export const INFO_SECTION_VISIBILITIES = ["draft", "published", "hidden"] as const;
export type InfoSectionVisibility = (typeof INFO_SECTION_VISIBILITIES)[number];
