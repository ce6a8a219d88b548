// npm start: the production build of the web app and the Routing Service, together.
// Builds the app first when there is no build yet, and the service every time (0.3 s).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { concurrently } from "concurrently";
import { buildService } from "./build-service";
import { productEnv, root } from "./product-env";

const env = productEnv();
if (!existsSync(join(root, ".next", "BUILD_ID"))) {
  const build = spawnSync("npx", ["next", "build"], { cwd: root, env, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The service runs as built JavaScript (scripts/build-service.ts): under tsx it held
// ~300 MiB more.
const service = buildService();
const { result } = concurrently(
  [
    { name: "service", command: `node ${service}`, env, prefixColor: "cyan" },
    // Not `next start`: scripts/app-server.ts lets the app see the socket's address.
    { name: "app", command: "tsx scripts/app-server.ts", env, prefixColor: "magenta" },
  ],
  { cwd: root, killOthersOn: ["failure", "success"], prefix: "name" },
);
result.catch(() => process.exit(1));
