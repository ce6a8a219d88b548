// Runs in the browser before any of the app's own code (Next's
// instrumentation-client convention).
//
// Classic zod 4 probes for eval (`Function("")`) to compile faster object
// parsers. The pages' Content-Security-Policy forbids eval (proxy.ts), so the
// probe would be reported as a violation. The browser only runs zod/mini
// schemas (lib/contract/mini.ts), which never compile; this keeps any classic
// schema that reaches the browser from probing too. `config` is one small
// function of zod's core, not the whole library.
import { config } from "zod/mini";

config({ jitless: true });
