"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export type OAuthProviderOption = { id: "github" | "google"; name: string };

/** "Continue with GitHub / Google", shown only for providers configured on the server. */
export function OAuthButtons({ providers, callbackUrl }: { providers: OAuthProviderOption[]; callbackUrl: string }) {
  const [pending, setPending] = useState<string | null>(null);
  if (providers.length === 0) return null;
  return (
    <div className="space-y-3">
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="secondary"
          className="w-full"
          pending={pending === provider.id}
          pendingLabel={`Opening ${provider.name}…`}
          disabled={pending !== null}
          onClick={() => {
            setPending(provider.id);
            void signIn(provider.id, { callbackUrl });
          }}
        >
          Continue with {provider.name}
        </Button>
      ))}
      <div className="flex items-center gap-3 py-1 text-xs text-zinc-500 dark:text-zinc-400" aria-hidden="true">
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
        or
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      </div>
    </div>
  );
}
