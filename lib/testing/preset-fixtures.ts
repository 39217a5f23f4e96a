// Responses in each provider's documented shape (from their public API references),
// trimmed to the fields a preset reads plus a few neighbours, two pages each.

export const eventbritePages = [
  {
    pagination: { object_count: 5, page_number: 1, page_size: 2, page_count: 2, continuation: "dGhpcyBpcyBwYWdlIDI", has_more_items: true },
    attendees: [
      {
        id: "1001", order_id: "5001", event_id: "123456789012", ticket_class_name: "General Admission", status: "Attending",
        created: "2026-10-01T09:00:00Z", changed: "2026-10-02T09:00:00Z", cancelled: false, refunded: false, checked_in: false,
        profile: { first_name: "Ada", last_name: "Lovelace", name: "Ada Lovelace", email: " ada@example.com ", company: "Analytical Engines", job_title: "Mathematician" },
      },
      {
        id: "1002", order_id: "5002", event_id: "123456789012", ticket_class_name: "VIP", status: "Attending",
        created: "2026-10-01T10:00:00Z", changed: "2026-10-01T10:00:00Z", cancelled: false, refunded: false, checked_in: false,
        profile: { first_name: "Grace", last_name: "Hopper", name: "Grace Hopper", email: "grace@example.com" },
      },
    ],
  },
  {
    pagination: { object_count: 5, page_number: 2, page_size: 2, page_count: 2, has_more_items: false },
    attendees: [
      {
        id: "1003", order_id: "5003", event_id: "123456789012", ticket_class_name: "General Admission", status: "Attending",
        created: "2026-10-03T10:00:00Z", changed: "2026-10-03T10:00:00Z", cancelled: false, refunded: false, checked_in: false,
        profile: { first_name: "Alan", last_name: "Turing", name: "Alan Turing", email: "alan@example.com", company: "Bletchley" },
      },
      // The live bug: a cancelled registration must never become a guest with a badge code.
      {
        id: "1004", order_id: "5004", event_id: "123456789012", ticket_class_name: "General Admission", status: "Not Attending",
        created: "2026-10-03T11:00:00Z", changed: "2026-10-04T11:00:00Z", cancelled: true, refunded: false, checked_in: false,
        profile: { first_name: "Charles", last_name: "Babbage", name: "Charles Babbage", email: "charles@example.com" },
      },
      {
        id: "1005", order_id: "5005", event_id: "123456789012", ticket_class_name: "VIP", status: "Attending",
        created: "2026-10-03T12:00:00Z", changed: "2026-10-04T12:00:00Z", cancelled: false, refunded: true, checked_in: false,
        profile: { first_name: "Mary", last_name: "Somerville", name: "Mary Somerville", email: "mary@example.com" },
      },
    ],
  },
];

const titoTicket = (id: number, email: string, name: string, company: string | null, state = "complete") => ({
  _type: "ticket", id, slug: `ti_${id}`, reference: `ABCD-${id}`, state, release_title: "Early bird",
  name, first_name: name.split(" ")[0], last_name: name.split(" ")[1], email, company_name: company, phone_number: null,
  created_at: "2026-10-01T09:00:00.000Z", updated_at: "2026-10-01T09:00:00.000Z",
});

/** Tito pages by page[number] and page[size]; this fixture uses a page size of 100 and 101 tickets, ticket 50 void. */
export function titoPage(number: number) {
  const all = Array.from({ length: 101 }, (_, i) =>
    titoTicket(i + 1, `tito${i + 1}@example.com`, `Person ${i + 1}`, i === 0 ? "Tito Ltd" : null, i === 49 ? "void" : i === 2 ? "incomplete" : "complete"),
  );
  const tickets = all.slice((number - 1) * 100, number * 100);
  return {
    tickets,
    meta: { current_page: number, next_page: number === 1 ? 2 : null, prev_page: number === 1 ? null : 1, total_pages: 2, total_count: 101, per_page: 100, overall_total: 101 },
  };
}

const pretixPosition = (id: number, email: string | null, name: string, company: string | null, canceled = false) => ({
  id, order: `Q${id}ABC`, positionid: 1, item: 12, variation: null, price: "120.00",
  attendee_name: name, attendee_name_parts: { _scheme: "given_family", given_name: name.split(" ")[0], family_name: name.split(" ")[1] },
  company, street: null, zipcode: null, city: null, country: null, attendee_email: email, voucher: null, tax_rate: "0.00",
  secret: "z3fsn8jyufm5kpk768q69gkbyr5f4h6w", addon_to: null, subevent: null, checkins: [], canceled,
});

/** pretix pages by an absolute `next` URL. */
export function pretixPage(baseUrl: string, page: number) {
  return page === 1
    ? { count: 4, next: `${baseUrl}/api/v1/organizers/acme/events/conf26/orderpositions/?page=2`, previous: null, results: [pretixPosition(1, "p1@example.com", "Peter Pan", "Neverland"), pretixPosition(2, "p2@example.com", "Wendy Darling", null)] }
    : { count: 4, next: null, previous: `${baseUrl}/api/v1/organizers/acme/events/conf26/orderpositions/?page=1`, results: [pretixPosition(3, null, "John Darling", null), pretixPosition(4, "m@example.com", "Michael Darling", null, true)] };
}

const hubspotContact = (id: string, email: string, first: string, company: string, archived = false) => ({
  id,
  properties: { createdate: "2026-09-01T12:00:00.000Z", email, firstname: first, lastname: "Example", company, jobtitle: "Buyer", hs_object_id: id, lastmodifieddate: "2026-09-02T12:00:00.000Z" },
  createdAt: "2026-09-01T12:00:00.000Z", updatedAt: "2026-09-02T12:00:00.000Z", archived,
});

/** HubSpot pages by paging.next.after; the last page has no paging. */
export function hubspotPage(baseUrl: string, after: string | null) {
  return after === null
    ? { results: [hubspotContact("101", "h1@example.com", "Hannah", "Acme")], paging: { next: { after: "102", link: `${baseUrl}/crm/v3/objects/contacts?after=102` } } }
    : { results: [hubspotContact("102", "h2@example.com", "Hugo", "Globex"), hubspotContact("103", "h3@example.com", "Hilde", "Initech", true)] };
}
