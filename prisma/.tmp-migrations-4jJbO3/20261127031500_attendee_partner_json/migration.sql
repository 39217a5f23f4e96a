-- An attendee's Partner API JSON, kept by the database on every insert and update, so
-- pages and single reads splice stored text instead of formatting each row per request
-- (to_json of the projection was two thirds of PostgreSQL's work for a 200-row page).
--
-- The projection is toAttendee's (lib/partner-api/projections.ts): the same fields in
-- the same order, timestamps as Date.toISOString() writes them. A change of the
-- attendee resource needs a migration that changes this type and function and rewrites
-- the column (UPDATE "Attendee" SET "partnerJson" = '' recomputes every row through the
-- trigger); lib/partner-api/read/attendees.test.ts compares the two byte for byte.

ALTER TABLE "Attendee" ADD COLUMN "partnerJson" TEXT;

-- The resource's fields, names and order: to_json of a row of this type is the JSON
-- text. A plain expression over NEW (no subquery) is evaluated by PL/pgSQL without
-- starting a query, which makes the trigger cost about a third of the subquery form's.
CREATE TYPE "AttendeePartnerJson" AS (
  id uuid,
  "eventId" uuid,
  "displayName" text,
  email text,
  company text,
  "jobTitle" text,
  status text,
  "visibleInList" boolean,
  "badgeCode" text,
  "invitedAt" text,
  "checkedInAt" text,
  "createdAt" text,
  "updatedAt" text
);

CREATE FUNCTION "attendee_partner_json"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."partnerJson" := to_json(ROW(
    NEW.id,
    NEW."eventId",
    NEW."displayName",
    NEW.email::text,
    NEW.company,
    NEW."jobTitle",
    NEW.status::text,
    NEW."visibleInList",
    NEW."badgeCode",
    to_char(NEW."invitedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    to_char(NEW."checkedInAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    to_char(NEW."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    to_char(NEW."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )::"AttendeePartnerJson")::text;
  RETURN NEW;
END
$$;

-- BEFORE: the row is stored with its JSON in one write. Every update recomputes it, not
-- only updates of projected columns: cheaper than deciding, and never stale.
CREATE TRIGGER "Attendee_partnerJson" BEFORE INSERT OR UPDATE ON "Attendee"
  FOR EACH ROW EXECUTE FUNCTION "attendee_partner_json"();

UPDATE "Attendee" SET "partnerJson" = '';

ALTER TABLE "Attendee" ALTER COLUMN "partnerJson" SET NOT NULL;
