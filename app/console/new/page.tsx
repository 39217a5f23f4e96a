import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { NewOrgForm } from "@/components/auth/new-org-form";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { requireUser } from "@/lib/auth/session";
import { listUserOrganizations } from "@/lib/console/guard";
import { createOrganizationAction } from "./actions";

export const metadata: Metadata = { title: "Create an organization" };

export default async function NewOrganizationPage() {
  const user = await requireUser("/console/new");
  const orgs = await listUserOrganizations(user.id);
  return (
    <AuthCard
      title="Create an organization"
      description={
        orgs.length
          ? "You will be its admin. Your other organizations stay as they are."
          : `You are signed in as ${user.email} but not part of any organization yet. Create one, or open the invitation link an admin sent you.`
      }
      footer={
        orgs.length ? (
          <Link href={`/console/${orgs[0].id}`} className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
            Back to the console
          </Link>
        ) : (
          <div className="mx-auto max-w-48">
            <SignOutButton variant="ghost" />
          </div>
        )
      }
    >
      <NewOrgForm action={createOrganizationAction} />
    </AuthCard>
  );
}
