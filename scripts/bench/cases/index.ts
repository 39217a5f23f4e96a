import type { BenchCase } from "../types";
import { attendeeSingle } from "./attendee-single";
import { attendeesPageEnd, attendeesPageMiddle, attendeesPageStart } from "./attendee-pages";
import { attendeePatches } from "./attendee-patches";
import { attendeeWrites, attendeeWritesSubscribed } from "./attendee-writes";
import { attendeesUpdatedSince } from "./attendees-updated-since";
import { eventsList } from "./events-list";
import { me } from "./me";
import { webhookThroughput } from "./webhook-throughput";

// Every case, in the order they run. Writes come after the reads: they add attendees to
// the bench event and would shift the pages the read cases measure.
export const CASES: readonly BenchCase[] = [
  attendeesPageStart,
  attendeesPageMiddle,
  attendeesPageEnd,
  attendeesUpdatedSince,
  attendeeSingle,
  eventsList,
  me,
  attendeeWrites,
  attendeeWritesSubscribed,
  attendeePatches,
  webhookThroughput,
];
