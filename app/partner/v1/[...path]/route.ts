import { AppError } from "@/lib/errors/app-error";
import { everyMethod } from "@/lib/partner-api/route-methods";
import { withPublic } from "@/lib/partner-api/with-partner-key";

// Any path under /partner/v1 that no route serves: the same envelope as every failure,
// for every method (a 405 here would claim the path exists).
const notFound = withPublic(() => {
  throw new AppError("NOT_FOUND", "No such endpoint. See /partner/v1/docs for the reference.");
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = everyMethod(notFound);
