// The app image's entry (deploy/app/Dockerfile): `npm start`'s app server
// (scripts/app-server.ts) over a Next.js standalone build. The Dockerfile bundles
// this file into scripts/app-server.mjs of the standalone folder, so `root` below
// is the image's working directory, as it is the checkout's for `npm start`.
//
// A standalone build has no next.config.mjs beside it: Next's own standalone
// server.js hands the config the build resolved to `next()` through this
// variable, and a custom server must do the same or `next()` would serve with
// Next's defaults (poweredByHeader back on, say).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "../../scripts/product-env";

const manifest: unknown = JSON.parse(
  readFileSync(join(root, ".next", "required-server-files.json"), "utf8"),
);
if (typeof manifest !== "object" || manifest === null || !("config" in manifest)) {
  throw new Error(".next/required-server-files.json has no config: is this a standalone build?");
}
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(manifest.config);

// After the variable is set: next() reads it when the server is made.
await import("../../scripts/app-server");
