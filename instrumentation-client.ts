import { z } from "zod";

// Runs in the browser before the app's code. zod compiles object parsers with
// `new Function` and probes for it when a schema is built; under our CSP (no
// 'unsafe-eval' in production) that probe is refused and reported as a violation even
// though zod falls back. Browser-side forms validate small inputs: the interpreter is
// plenty, so the probe never runs. The server keeps zod's compiled parsers.
z.config({ jitless: true });
