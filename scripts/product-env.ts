// Environment shared by `npm run dev` and `npm start`: reads .env, and on one
// machine fills what the product needs to run with no setup — an API key and a
// support account made once under .data/, the service's address for the app.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { hashPasswordSync } from "../lib/auth/password";

export const root = join(import.meta.dirname, "..");

/** A value kept under .data/, made the first time it is asked for. */
function localSecret(name: string): string {
  const file = join(root, ".data", name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dirname(file), { recursive: true });
  const value = randomBytes(18).toString("base64url");
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

/** The environment for the app and the local Routing Service, run together. */
export function productEnv(): NodeJS.ProcessEnv {
  const envFile = join(root, ".env");
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  // An empty variable (`NAME=` as in .env.example) counts as unset.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([, value]) => value?.trim()),
  ) as NodeJS.ProcessEnv;
  env.NEXT_TELEMETRY_DISABLED = "1";
  const key =
    env.ROUTING_API_KEY ??
    env.SERVICE_API_KEYS?.split(",")[0]?.trim() ??
    localSecret("dev-api-key");
  env.ROUTING_API_KEY = key;
  env.SERVICE_API_KEYS ??= key;
  env.SERVICE_PORT ??= "8000";
  env.ROUTING_API_URL ??= `http://127.0.0.1:${env.SERVICE_PORT}`;
  env.PORT ??= "3000";
  // glibc gives each thread that allocates a heap of its own and keeps what was freed in
  // it: the service's engines and image decoders held more memory without this
  // (docs/memory.md). Read by glibc when a process starts, so set for the children here.
  env.MALLOC_ARENA_MAX ??= "2";
  if (!env.SUPPORT_ACCOUNTS) {
    const password = localSecret("dev-support-password");
    env.SUPPORT_ACCOUNTS = `support:${hashPasswordSync(password)}`;
    console.log(
      `Support console: http://localhost:${env.PORT}/support — user "support", password "${password}" (kept in .data/dev-support-password; set SUPPORT_ACCOUNTS to choose your own)`,
    );
  }
  return env;
}
