// npm start: migrate (or open the embedded database), then `next start` on an existing
// production build. Demo data only with SEED_DEMO=1. See lib/runtime/launch.ts.
import { launch } from "@/lib/runtime/launch";

await launch({ mode: "start", demo: "SEED_DEMO" });
