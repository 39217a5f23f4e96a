import { serve } from "inngest/next";
import { inngest } from "@/lib/platform/jobs/client";
import { functions } from "@/inngest/functions";
import { guardInngestPost } from "@/lib/platform/jobs/serve-guard";

// Inngest calls this route to run the functions (INNGEST_SIGNING_KEY in production,
// INNGEST_DEV=1 against a local dev server; refused in production by lib/platform/config/env.ts).
// An import run may take its 60 s plus the last write; 300 s is the most a Hobby project
// allows on Fluid compute, Vercel's default.
export const maxDuration = 300;

const handlers = serve({ client: inngest, functions });
export const { GET, PUT } = handlers;
// Unsigned calls refused before the body is read; a signed body is read up to its cap.
export const POST = guardInngestPost(handlers.POST as never);
