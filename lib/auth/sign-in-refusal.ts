import { AsyncLocalStorage } from "node:async_hooks";
import type { AppError } from "@/lib/platform/errors/app-error";

// next-auth answers whatever the credentials check throws with a 401 and `?error=<message>`
// in its URL. The route handler needs the refusal itself (429 with Retry-After for the
// sign-in limit, 503 for a full hash queue), so the check leaves it here, in the request's
// own async context.

const current = new AsyncLocalStorage<{ refusal?: AppError }>();

/** Runs next-auth and returns its response with the refusal the credentials check reported, if any. */
export async function withSignInRefusal(work: () => Promise<Response>): Promise<{ response: Response; refusal?: AppError }> {
  const store: { refusal?: AppError } = {};
  const response = await current.run(store, work);
  return { response, refusal: store.refusal };
}

export function reportSignInRefusal(error: AppError): void {
  const store = current.getStore();
  if (store) store.refusal = error;
}
