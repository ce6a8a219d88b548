// npm start: the production build of the web app and the Routing Service, together.
// Builds the app first when there is no build yet.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { concurrently } from "concurrently";
import { productEnv, root } from "./product-env";

const env = productEnv();
if (!existsSync(join(root, ".next", "BUILD_ID"))) {
  const build = spawnSync("npx", ["next", "build"], { cwd: root, env, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { result } = concurrently(
  [
    // scripts/service.sh: the service's build, on jemalloc when installed (docs/memory.md).
    { name: "service", command: "sh scripts/service.sh", env, prefixColor: "cyan" },
    // Not `next start`: scripts/app-server.ts lets the app see the socket's address.
    { name: "app", command: "tsx scripts/app-server.ts", env, prefixColor: "magenta" },
  ],
  { cwd: root, killOthersOn: ["failure", "success"], prefix: "name" },
);
result.catch(() => process.exit(1));
