import { pageQuery } from "@/lib/partner-api/query-schemas";
import { formCheckRead, listFormSubmissions } from "@/lib/partner-api/read/engagement";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

const read = withPartnerKey(
  {
    scope: "engagement:read",
    idParams: ["eventId", "formId"],
    query: pageQuery,
    read: ({ params }) => formCheckRead(params.eventId, params.formId),
  },
  async ({ read: form, query }) => ({ body: await listFormSubmissions(form, query) }),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
