// npm run dev: the web app (Next.js dev server) and the local Routing Service, together.
import { concurrently } from "concurrently";
import { productEnv, root } from "./product-env";

const env = productEnv();
const { result } = concurrently(
  [
    { name: "service", command: "tsx watch service/src/main.ts", env, prefixColor: "cyan" },
    { name: "app", command: `next dev -p ${env.PORT}`, env, prefixColor: "magenta" },
  ],
  { cwd: root, killOthersOn: ["failure", "success"], prefix: "name" },
);
result.catch(() => process.exit(1));
