import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      // `server-only` throws outside React Server Components; tests run server code directly.
      { find: /^server-only$/, replacement: `${root}/lib/testing/server-only-stub.ts` },
    ],
  },
  test: {
    include: ["{lib,service,app,components,deploy}/**/*.test.{ts,tsx}"],
    exclude: ["e2e/**", "node_modules/**", ".next/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
