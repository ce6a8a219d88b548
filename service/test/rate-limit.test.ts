// The per-key rate limit across instances: with REDIS_URL, every instance
// counts against one limit (TEST_REDIS_URL names a Redis for this test); while
// Redis is unreachable, each instance still limits on its own.
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { startService, type TestService } from "./helpers";

const started: TestService[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((svc) => svc.close()));
});

async function start(env: Record<string, string>): Promise<TestService> {
  const svc = await startService({ env });
  started.push(svc);
  return svc;
}

/** A key no other run has used, so counters left in a shared Redis do not count. */
const freshKey = () => `rl-${randomBytes(12).toString("hex")}`;

const statuses = async (svc: TestService, key: string, n: number) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await svc.fetch("/v1/categories", { key })).status);
  return out;
};

describe.runIf(process.env.TEST_REDIS_URL)("rate limit shared through Redis", () => {
  it("counts one limit per key over two instances", async () => {
    const key = freshKey();
    const env = {
      SERVICE_API_KEYS: key,
      RATE_LIMIT_PER_MINUTE: "4",
      REDIS_URL: String(process.env.TEST_REDIS_URL),
    };
    const [a, b] = [await start(env), await start(env)];
    expect(await statuses(a, key, 2)).toEqual([200, 200]);
    expect(await statuses(b, key, 2)).toEqual([200, 200]);
    // Both instances have seen the fifth request of the minute.
    expect(await statuses(a, key, 1)).toEqual([429]);
    expect(await statuses(b, key, 1)).toEqual([429]);
  });
});

describe("rate limit while Redis is unreachable", () => {
  it("still limits each instance on its own", async () => {
    const key = freshKey();
    const svc = await start({
      SERVICE_API_KEYS: key,
      RATE_LIMIT_PER_MINUTE: "3",
      // Nothing listens on port 1.
      REDIS_URL: "redis://127.0.0.1:1/0",
    });
    expect(await statuses(svc, key, 4)).toEqual([200, 200, 200, 429]);
  });
});
