import { notFound } from "next/navigation";
import { requireMember } from "@/lib/console/guard";

/** Any other address inside an organization: checked like every page, then not found inside the shell. */
export default async function MissingConsolePage({ params }: { params: Promise<{ orgId: string }> }) {
  await requireMember((await params).orgId);
  notFound();
}
