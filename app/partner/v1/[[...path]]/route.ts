import { everyMethod, noSuchEndpoint } from "@/lib/partner-api/route-methods";
import { withPublic } from "@/lib/partner-api/with-partner-key";

// Any path under /partner/v1 that no route serves, /partner/v1 itself included: the same
// envelope as every failure, for every method (a 405 here would claim the path exists).
const notFound = withPublic(() => {
  throw noSuchEndpoint();
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = everyMethod(notFound);
