// End-to-end: the real Routing Service and the production build of the app,
// driven in a real Chromium. `npm test` builds the app first.
import { randomBytes } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";
import { hashPasswordSync } from "./lib/auth/password";

// A distinctive key per run, so the leak checks can search for it.
process.env.E2E_API_KEY ??= `e2e-${randomBytes(12).toString("hex")}`;
const key = process.env.E2E_API_KEY;

// E2E_PORT_OFFSET moves every port, so two checkouts can run the suite at once.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const PORTS = {
  service: 8010 + offset,
  app: 3010 + offset,
  appServiceDown: 3011 + offset,
  appWrongKey: 3012 + offset,
  /** A second service with faults injected and a short upload-URL expiry (e2e/buyer-*.spec.ts). */
  serviceFaults: 8013 + offset,
  appFaults: 3013 + offset,
  /** A port where nothing listens (fetch refuses "bad ports" such as 9 without trying). */
  nothingListens: 8019 + offset,
} as const;
const serviceUrl = `http://127.0.0.1:${PORTS.service}`;
const faultsServiceUrl = `http://127.0.0.1:${PORTS.serviceFaults}`;
const isRoot = process.getuid?.() === 0;
const onCI = Boolean(process.env.CI);

// The support console's test account (e2e/support.spec.ts), hashed here at start.
export const SUPPORT_E2E_ACCOUNT = {
  username: "support-e2e",
  password: "e2e-support-pass",
} as const;
const supportAccounts = `${SUPPORT_E2E_ACCOUNT.username}:${hashPasswordSync(SUPPORT_E2E_ACCOUNT.password)}`;
process.env.E2E_SESSION_SECRET ??= randomBytes(32).toString("hex");
const sessionSecret = process.env.E2E_SESSION_SECRET;

const appEnv = (routingUrl: string) => ({
  ROUTING_API_URL: routingUrl,
  ROUTING_API_KEY: key,
  NEXT_TELEMETRY_DISABLED: "1",
  SUPPORT_ACCOUNTS: supportAccounts,
  SESSION_SECRET: sessionSecret,
  LEDGER_SQLITE_PATH: ".data/e2e/app/ledger.sqlite",
});

export default defineConfig({
  testDir: "e2e",
  outputDir: ".data/test-results/e2e",
  fullyParallel: false,
  workers: onCI ? 1 : 2,
  forbidOnly: onCI,
  retries: onCI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORTS.app}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH,
          // Without these, Chromium keeps dialing Google's hosts on a closed network.
          args: [
            ...(isRoot ? ["--no-sandbox"] : []),
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-quic",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  webServer: [
    {
      name: "service",
      command: "rm -rf .data/e2e && sh scripts/service.sh",
      url: `${serviceUrl}/healthz`,
      env: {
        SERVICE_PORT: String(PORTS.service),
        SERVICE_API_KEYS: key,
        SERVICE_DATA_DIR: ".data/e2e/service",
        SERVICE_PUBLIC_URL: serviceUrl,
        SERVICE_CORS_ORIGINS: `http://127.0.0.1:${PORTS.app},http://localhost:${PORTS.app}`,
        LOG_LEVEL: "warn",
      },
      reuseExistingServer: !onCI,
      timeout: 60_000,
    },
    {
      name: "app",
      command: `npx next start -p ${PORTS.app}`,
      url: `http://127.0.0.1:${PORTS.app}`,
      env: appEnv(serviceUrl),
      reuseExistingServer: !onCI,
      timeout: 60_000,
    },
    {
      // The same app pointed at a port where nothing listens: the "service down" states.
      name: "app (service down)",
      command: `npx next start -p ${PORTS.appServiceDown}`,
      url: `http://127.0.0.1:${PORTS.appServiceDown}/api/health`,
      env: appEnv(`http://127.0.0.1:${PORTS.nothingListens}`),
      reuseExistingServer: !onCI,
      timeout: 60_000,
    },
    {
      // The same app with a key the service refuses: the "misconfigured" states.
      name: "app (wrong key)",
      command: `npx next start -p ${PORTS.appWrongKey}`,
      url: `http://127.0.0.1:${PORTS.appWrongKey}/api/health`,
      env: { ...appEnv(serviceUrl), ROUTING_API_KEY: "not-the-service-key" },
      reuseExistingServer: !onCI,
      timeout: 60_000,
    },
    {
      // One service for the buyer's failure paths (e2e/buyer-failures.spec.ts):
      // - text recognition ranks by quality alone and its first choice
      //   (tesseract-native) always fails, so a backup answers (failover depth 1);
      // - every PDF text extraction provider fails (all providers failed);
      // - upload URLs expire after 2 s (an expired grant is renewed).
      name: "service (faults)",
      command: "sh scripts/service.sh",
      url: `${faultsServiceUrl}/healthz`,
      env: {
        SERVICE_PORT: String(PORTS.serviceFaults),
        SERVICE_API_KEYS: key,
        SERVICE_DATA_DIR: ".data/e2e/service-faults",
        SERVICE_PUBLIC_URL: faultsServiceUrl,
        SERVICE_CORS_ORIGINS: `http://127.0.0.1:${PORTS.appFaults},http://localhost:${PORTS.appFaults}`,
        UPLOAD_URL_TTL_SECONDS: "2",
        PROVIDER_FAULTS: "tesseract-native=error:1;pdf-text=error:1;tesseractjs-fast=error:1",
        ROUTING_WEIGHTS: JSON.stringify({
          "text-recognition": { quality: 1, price: 0, latency: 0, success: 0 },
        }),
        // The failing provider stays in the ranking however often it fails
        // (reruns, retries): an open circuit would skip it, and no failover would show.
        ROUTING_BREAKER_FAILURES: "1000",
        ROUTING_BREAKER_WINDOW: "10000",
        LOG_LEVEL: "warn",
      },
      reuseExistingServer: !onCI,
      timeout: 60_000,
    },
    {
      name: "app (faults)",
      command: `npx next start -p ${PORTS.appFaults}`,
      url: `http://127.0.0.1:${PORTS.appFaults}/api/health`,
      env: {
        ...appEnv(faultsServiceUrl),
        LEDGER_SQLITE_PATH: ".data/e2e/app-faults/ledger.sqlite",
      },
      reuseExistingServer: !onCI,
      timeout: 60_000,
    },
  ],
});
