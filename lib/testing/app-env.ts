// The app's environment for tests that call its route handlers in-process against a
// real Routing Service: the service's address and key, limits off, a session secret and
// a ledger of the test's own in a temporary folder.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export async function useAppEnvironment(serviceUrl: string, serviceKey: string): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), "docroute-app-"));
  Object.assign(process.env, {
    ROUTING_API_URL: serviceUrl,
    ROUTING_API_KEY: serviceKey,
    APP_RATE_LIMIT_PER_MINUTE: "0",
    BUYER_SERVICE_CALLS_PER_MINUTE: "0",
    SESSION_SECRET: "s".repeat(40),
    LEDGER_SQLITE_PATH: path.join(dir, "ledger.sqlite"),
  });
}
