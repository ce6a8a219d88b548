// The fleet test (fleet/): real service and app processes, PostgreSQL, Redis and a
// bucket. Run after `next build`: `npx vitest run --config vitest.fleet.config.ts`.
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["fleet/**/*.test.ts"],
    exclude: ["node_modules/**"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
