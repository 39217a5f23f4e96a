import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { getSessionUser } from "@/lib/auth/session";
import { signUpAction } from "./actions";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage() {
  // Signed in already: a new organization is made from the console instead.
  if (await getSessionUser()) redirect("/console/new");
  return (
    <AuthCard
      title="Create your account"
      description="You become the admin of a new organization. Invite your team once you are in."
      footer={
        <>
          Already have an account?{" "}
          <Link href="/sign-in" className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm action={signUpAction} />
    </AuthCard>
  );
}
