// Runs in the browser before any of the app's own code (Next's
// instrumentation-client convention).
//
// zod 4 probes for eval (`Function("")`) to compile faster parsers. The
// pages' Content-Security-Policy forbids eval (proxy.ts), so the probe would be
// reported as a violation on every page; parse without it in the browser.
import { z } from "zod";

z.config({ jitless: true });
