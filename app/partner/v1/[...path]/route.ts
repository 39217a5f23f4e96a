import { AppError } from "@/lib/errors/app-error";
import { withPublic } from "@/lib/partner-api/with-partner-key";

// Any path under /partner/v1 that no route serves: the same envelope as every failure.
const notFound = withPublic(() => {
  throw new AppError("NOT_FOUND", "No such endpoint. See /partner/v1/docs for the reference.");
});

export const GET = notFound;
export const POST = notFound;
export const PATCH = notFound;
export const PUT = notFound;
export const DELETE = notFound;
