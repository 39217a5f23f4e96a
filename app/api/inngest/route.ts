import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";

// Inngest calls this route to run the functions (INNGEST_SIGNING_KEY in production,
// INNGEST_DEV=1 against a local dev server).
export const { GET, POST, PUT } = serve({ client: inngest, functions });
