import { AuthCard } from "@/components/auth/auth-card";
import { ButtonLink } from "@/components/ui/button";

/** Another organization's id, a removed membership, or a mistyped address: all look the same. */
export default function ConsoleNotFound() {
  return (
    <AuthCard
      title="Page not found"
      description="This page does not exist, or it belongs to an organization you are not a member of."
    >
      <ButtonLink href="/console" className="w-full">
        Go to your console
      </ButtonLink>
    </AuthCard>
  );
}
