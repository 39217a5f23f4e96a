// The shape of a two-day conference programme: what runs when, where and in which track.
// Track and room numbers index into the event's own tracks and rooms.

export type ProgrammeItem = {
  type: string;
  /** Fixed title; otherwise one is drawn from the track's titles. */
  title?: string;
  /** Prefix for a drawn title ("Masterclass: ..."). */
  prefix?: string;
  track: number | null;
  /** Index into the event's rooms, a free-text room name, or null (no room). */
  room: number | string | null;
  minutes: number;
  capacity: number | null;
  speakers: number;
};

export type ProgrammeSlot = { start: string; items: ProgrammeItem[] };

const FOYER = 4;

export const PROGRAMME: ProgrammeSlot[][] = [
  // Day one
  [
    { start: "08:00", items: [{ type: "meal", title: "Registration & breakfast", track: null, room: FOYER, minutes: 50, capacity: null, speakers: 0 }] },
    { start: "08:50", items: [{ type: "announcement", title: "Welcome & housekeeping", track: null, room: 0, minutes: 10, capacity: null, speakers: 0 }] },
    { start: "09:00", items: [{ type: "keynote", title: "keynote:0", track: null, room: 0, minutes: 45, capacity: null, speakers: 1 }] },
    {
      start: "10:00",
      items: [
        { type: "talk", track: 3, room: 0, minutes: 45, capacity: 900, speakers: 1 },
        { type: "talk", track: 0, room: 1, minutes: 45, capacity: 300, speakers: 1 },
        { type: "talk", track: 1, room: 2, minutes: 45, capacity: 250, speakers: 2 },
        { type: "workshop", title: "workshop:0", track: 2, room: 3, minutes: 120, capacity: 40, speakers: 2 },
        { type: "exhibition", title: "Sponsor expo", track: null, room: FOYER, minutes: 420, capacity: null, speakers: 0 },
      ],
    },
    { start: "10:45", items: [{ type: "break", title: "Coffee break", track: null, room: FOYER, minutes: 30, capacity: null, speakers: 0 }] },
    {
      start: "11:15",
      items: [
        { type: "talk", track: 0, room: 0, minutes: 45, capacity: 900, speakers: 1 },
        { type: "panel", title: "panel:0", track: 3, room: 1, minutes: 45, capacity: 300, speakers: 4 },
        { type: "demo", prefix: "Live demo: ", track: 1, room: 2, minutes: 45, capacity: 250, speakers: 1 },
      ],
    },
    { start: "12:00", items: [{ type: "meal", title: "Lunch", track: null, room: FOYER, minutes: 60, capacity: null, speakers: 0 }] },
    {
      start: "13:00",
      items: [
        { type: "talk", track: 1, room: 0, minutes: 45, capacity: 900, speakers: 1 },
        { type: "fireside", prefix: "Fireside chat: ", track: 3, room: 1, minutes: 45, capacity: 300, speakers: 2 },
        { type: "talk", track: 2, room: 2, minutes: 45, capacity: 250, speakers: 1 },
        { type: "workshop", title: "workshop:1", track: 0, room: 3, minutes: 90, capacity: 30, speakers: 1 },
      ],
    },
    {
      start: "14:00",
      items: [
        { type: "talk", track: 0, room: 0, minutes: 45, capacity: 900, speakers: 1 },
        { type: "talk", track: 2, room: 1, minutes: 45, capacity: 300, speakers: 1 },
        { type: "roundtable", prefix: "Roundtable: ", track: 3, room: 2, minutes: 45, capacity: 25, speakers: 1 },
      ],
    },
    { start: "14:45", items: [{ type: "break", title: "Afternoon coffee", track: null, room: FOYER, minutes: 30, capacity: null, speakers: 0 }] },
    {
      start: "15:15",
      items: [
        { type: "talk", track: 1, room: 0, minutes: 45, capacity: 900, speakers: 1 },
        { type: "talk", track: 3, room: 1, minutes: 45, capacity: 300, speakers: 1 },
        { type: "qa", title: "qa:2", track: 2, room: 2, minutes: 45, capacity: 250, speakers: 2 },
        { type: "masterclass", prefix: "Masterclass: ", track: 0, room: 3, minutes: 75, capacity: 60, speakers: 1 },
      ],
    },
    {
      start: "16:15",
      items: [{ type: "lightning", title: "Lightning talks: ten ideas in thirty minutes", track: null, room: 0, minutes: 30, capacity: null, speakers: 4 }],
    },
    { start: "17:00", items: [{ type: "networking", title: "Networking drinks", track: null, room: FOYER, minutes: 120, capacity: null, speakers: 0 }] },
    { start: "19:30", items: [{ type: "party", title: "Community party", track: null, room: "Rooftop Terrace", minutes: 180, capacity: 400, speakers: 0 }] },
  ],
  // Day two
  [
    { start: "08:30", items: [{ type: "meal", title: "Breakfast", track: null, room: FOYER, minutes: 30, capacity: null, speakers: 0 }] },
    { start: "09:00", items: [{ type: "keynote", title: "keynote:1", track: null, room: 0, minutes: 45, capacity: null, speakers: 1 }] },
    {
      start: "10:00",
      items: [
        { type: "panel", title: "panel:1", track: 2, room: 0, minutes: 45, capacity: 900, speakers: 3 },
        { type: "talk", track: 0, room: 1, minutes: 45, capacity: 300, speakers: 1 },
        { type: "talk", track: 1, room: 2, minutes: 45, capacity: 250, speakers: 1 },
        { type: "workshop", title: "workshop:2", track: 1, room: 3, minutes: 120, capacity: 40, speakers: 2 },
      ],
    },
    { start: "10:45", items: [{ type: "break", title: "Coffee break", track: null, room: FOYER, minutes: 30, capacity: null, speakers: 0 }] },
    {
      start: "11:15",
      items: [
        { type: "talk", track: 3, room: 0, minutes: 45, capacity: 900, speakers: 1 },
        { type: "talk", track: 2, room: 1, minutes: 45, capacity: 300, speakers: 1 },
        { type: "breakout", prefix: "Breakout: ", track: 0, room: 2, minutes: 45, capacity: 50, speakers: 1 },
      ],
    },
    { start: "12:00", items: [{ type: "meal", title: "Lunch", track: null, room: FOYER, minutes: 60, capacity: null, speakers: 0 }] },
    {
      start: "13:00",
      items: [
        { type: "talk", track: 0, room: 0, minutes: 45, capacity: 900, speakers: 1 },
        { type: "talk", track: 1, room: 1, minutes: 45, capacity: 300, speakers: 1 },
        { type: "other", title: "Office hours with the organisers", track: null, room: null, minutes: 45, capacity: null, speakers: 0 },
        { type: "training", prefix: "Training: ", track: 2, room: 3, minutes: 90, capacity: 24, speakers: 1 },
      ],
    },
    {
      start: "14:00",
      items: [
        { type: "panel", title: "panel:2", track: 3, room: 0, minutes: 45, capacity: 900, speakers: 3 },
        { type: "talk", track: 1, room: 1, minutes: 45, capacity: 300, speakers: 1 },
        { type: "talk", track: 2, room: 2, minutes: 45, capacity: 250, speakers: 1 },
      ],
    },
    { start: "14:45", items: [{ type: "break", title: "Afternoon coffee", track: null, room: FOYER, minutes: 30, capacity: null, speakers: 0 }] },
    { start: "15:15", items: [{ type: "keynote", title: "keynote:3", track: null, room: 0, minutes: 45, capacity: null, speakers: 1 }] },
    { start: "16:00", items: [{ type: "ceremony", title: "Closing remarks & community awards", track: null, room: 0, minutes: 20, capacity: null, speakers: 1 }] },
    { start: "16:30", items: [{ type: "reception", title: "Farewell reception", track: null, room: FOYER, minutes: 90, capacity: null, speakers: 0 }] },
  ],
];

/** Session types people scan their badge for at the door. */
export const SCANNED_TYPES = new Set([
  "keynote", "talk", "panel", "fireside", "lightning", "workshop", "masterclass", "training",
  "demo", "roundtable", "breakout", "qa", "ceremony",
]);

export const SESSION_DESCRIPTIONS: Record<string, (track: string | null) => string> = {
  keynote: () => "The whole conference together on the main stage.",
  talk: (track) => `A 45-minute talk in the ${track} track with time for questions at the end.`,
  panel: () => "Practitioners from very different organisations compare notes. Bring questions.",
  workshop: () => "Hands-on: bring a laptop with Docker installed. Seats are limited.",
  masterclass: (track) => `An advanced deep-dive for experienced ${track} practitioners.`,
  training: () => "Practical training with exercises; a certificate of attendance is available on request.",
  demo: () => "Mostly code, very few slides.",
  fireside: () => "An informal conversation with a moderator, questions welcome.",
  roundtable: () => "A moderated discussion for up to 25 people. First come, first seated.",
  breakout: () => "Small-group discussion following the morning's talks.",
  qa: (track) => `The ${track} speakers answer your questions.`,
  lightning: () => "Ten five-minute talks, back to back.",
  exhibition: () => "Meet our sponsors in the foyer all day.",
  networking: () => "Drinks and snacks in the foyer.",
  party: () => "Music, food and table tennis. Bring your badge.",
  reception: () => "One last drink before you head home.",
};
