// Environment shared by `npm run dev`, `npm start` and `npm test`: reads .env,
// and on one machine fills what the product needs to run with no setup (a dev
// API key generated once under .data/, the service's address for the app).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Reads a key kept under .data/, creating it the first time. */
function localSecret(name) {
  const file = join(root, ".data", name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dirname(file), { recursive: true });
  const value = randomBytes(24).toString("base64url");
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

/** The environment for the app and the local Routing Service, run together. */
export function productEnv() {
  const envFile = join(root, ".env");
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  const servicePort = env.SERVICE_PORT ?? "8000";
  const key =
    env.ROUTING_API_KEY ??
    env.SERVICE_API_KEYS?.split(",")[0]?.trim() ??
    localSecret("dev-api-key");
  env.ROUTING_API_KEY = key;
  env.SERVICE_API_KEYS ??= key;
  env.SERVICE_PORT = servicePort;
  env.ROUTING_API_URL ??= `http://127.0.0.1:${servicePort}`;
  env.PORT ??= "3000";
  return env;
}
