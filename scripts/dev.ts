// npm run dev: the database (embedded PGlite under .data/pglite unless DATABASE_URL is set),
// the demo workspace with a fresh API key, then `next dev`. See lib/runtime/launch.ts.
import { launch } from "@/lib/runtime/launch";

await launch({ mode: "dev", demo: true });
