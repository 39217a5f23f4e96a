"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button, type ButtonVariant } from "@/components/ui/button";

/** Signs out and goes to `then` (e.g. back to an invitation, to sign in with another address). */
export function SignOutButton({ then = "/sign-in", label = "Sign out", variant = "secondary" }: { then?: string; label?: string; variant?: ButtonVariant }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant={variant}
      className="w-full"
      pending={pending}
      pendingLabel="Signing out…"
      onClick={() => {
        setPending(true);
        void signOut({ redirect: false }).then(() => window.location.assign(then));
      }}
    >
      {label}
    </Button>
  );
}
