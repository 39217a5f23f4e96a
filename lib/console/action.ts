import { revalidatePath } from "next/cache";
import type { Actor } from "@/lib/domain/audit/record";
import type { ActionResult, ActionState } from "./action-result";
import { requireAdmin, requireCheckInStaff, requireMember, type ConsoleContext } from "./guard";
import { refuseControlCharacters } from "./control-characters";
import { formText, runAction } from "./run-action";

// The one shape of a console server action (in the spirit of dub's authActionClient):
// read the submitted form, check the signed-in user's role in exactly the organization the
// form names (never trusted: another organization's id is a 404), run the body, refresh
// the pages that show what changed, and turn every refusal into the failure a form shows
// (runAction). A body sees the form only through `form.text`, so ids are read one way.

export type FormFields = {
  /** A text field, "" when absent (the operation's schema then refuses it with a field error). */
  text: (name: string) => string;
  /** A text field, undefined when absent (for optional settings). */
  optional: (name: string) => string | undefined;
  data: FormData;
};

/** `actor` is the signed-in user, for the audit entry the change writes (lib/domain/audit). */
export type ActionContext = ConsoleContext & { orgId: string; form: FormFields; actor: Actor };

export function userActor(user: ConsoleContext["user"]): Actor {
  return { type: "user", userId: user.id, email: user.email };
}

export type ActionOptions = {
  /** Who may run it: admins (the default, every mutation), door staff and admins (check-ins), or any member (reads). */
  role?: "admin" | "checkInStaff" | "member";
  /** What to revalidate after success: the organization's pages (default), its events section, or nothing. */
  refresh?: "org" | "events" | false;
};

export function formFields(formData: FormData): FormFields {
  return { text: (name) => formText(formData, name) ?? "", optional: (name) => formText(formData, name), data: formData };
}

export function consoleAction<T = null>(
  body: (context: ActionContext) => Promise<{ message: string; data: T }>,
  options: ActionOptions = {},
): (previous: ActionState<T>, formData: FormData) => Promise<ActionResult<T>> {
  return async (_previous, formData) =>
    runAction(async () => {
      refuseControlCharacters(formData);
      const form = formFields(formData);
      const orgId = form.text("orgId");
      const context =
        options.role === "member" ? await requireMember(orgId) : options.role === "checkInStaff" ? await requireCheckInStaff(orgId) : await requireAdmin(orgId);
      const result = await body({ ...context, orgId, form, actor: userActor(context.user) });
      const refresh = options.refresh ?? "org";
      if (refresh) revalidatePath(refresh === "org" ? `/console/${orgId}` : `/console/${orgId}/events`, "layout");
      return result;
    });
}

/**
 * The same builder for an action called with the form alone: a `<form action>` without
 * useActionState, or a client component's direct call. A refusal is its answer, never a
 * thrown error (which Next turns into a 500).
 */
export function consoleFormAction<T = null>(
  body: (context: ActionContext) => Promise<{ message: string; data: T }>,
  options: ActionOptions = {},
): (formData: FormData) => Promise<ActionResult<T>> {
  const action = consoleAction(body, options);
  return (formData) => action(null, formData);
}
