import { redirect } from "next/navigation";
import { requireUser } from "@/lib/auth/session";
import { listUserOrganizations } from "@/lib/console/guard";

/** /console: the user's first organization, or the page that creates one. */
export default async function ConsoleIndex() {
  const user = await requireUser("/console");
  const orgs = await listUserOrganizations(user.id);
  redirect(orgs[0] ? `/console/${orgs[0].id}` : "/console/new");
}
