// Faults over real HTTP: a provider that hangs, an answer lost on the way
// back, and object keys that try to leave the storage folder.
import { request as httpRequest } from "node:http";
import path from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { loadRoutingConfig } from "../src/config";
import { createRouter } from "../src/router";
import { EmbeddedStore } from "../src/storage/embedded";
import { isObjectKey, newObjectKey } from "../src/storage/keys";
import { readObject } from "../src/storage/read";
import { startService, type TestService } from "./helpers";
import { PDF, processPath, testProvider, uploadFixture } from "./process-helpers";

let svc: TestService | undefined;
afterEach(async () => {
  await svc?.close();
  svc = undefined;
});

const processBody = (grant: { s3_uri: string }) => ({
  input: { document: grant.s3_uri, mime_type: "application/pdf" },
});

describe("a provider that hangs", () => {
  it("times out after the attempt timeout and the next provider answers", async () => {
    const hangs = testProvider("hangs");
    // Never resolves and ignores the abort signal: the router must walk away on its own.
    hangs.run = async (input) => {
      hangs.calls.push(input);
      return new Promise(() => {});
    };
    const backup = testProvider("backup");
    const config = { ...loadRoutingConfig({}), attemptTimeoutMs: 300, deadlineMs: 10_000 };
    svc = await startService({
      router: createRouter(
        config,
        new Map([
          [hangs.name, hangs],
          [backup.name, backup],
        ]),
      ),
    });
    const grant = await uploadFixture(svc, PDF, "text-layer.pdf", "application/pdf");
    const started = performance.now();
    const response = await svc.postJson(processPath(PDF), processBody(grant), {
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    const elapsed = performance.now() - started;
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.meta.provider).toBe("backup");
    expect(body.meta.failover_depth).toBe(1);
    expect(body.meta.attempts[0]).toMatchObject({ provider: "hangs", outcome: "timeout" });
    expect(elapsed).toBeLessThan(5_000);
    expect(hangs.calls).toHaveLength(1);
    expect(backup.calls).toHaveLength(1);
  });
});

describe("a process answer lost on the way back", () => {
  it("the retry with the same Idempotency-Key gets the same trace id, and nothing runs twice", async () => {
    const provider = testProvider("once");
    const config = { ...loadRoutingConfig({}), deadlineMs: 10_000 };
    svc = await startService({
      router: createRouter(config, new Map([[provider.name, provider]])),
    });
    const grant = await uploadFixture(svc, PDF, "text-layer.pdf", "application/pdf");
    const key = crypto.randomUUID();
    const payload = JSON.stringify(processBody(grant));
    const url = new URL(processPath(PDF), svc.url);

    // The first call: the connection is cut as soon as the answer starts, body unread.
    const lostTraceId = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(payload),
            "x-api-key": svc?.key ?? "",
            "idempotency-key": key,
          },
        },
        (res) => {
          const id = res.headers["x-request-id"];
          res.destroy();
          req.destroy();
          if (res.statusCode !== 200 || typeof id !== "string") {
            reject(new Error(`first call answered ${res.statusCode}`));
          } else resolve(id);
        },
      );
      req.on("error", reject);
      req.end(payload);
    });

    const retry = await svc.postJson(processPath(PDF), processBody(grant), {
      headers: { "Idempotency-Key": key },
    });
    const body = await retry.json();
    expect(retry.status, JSON.stringify(body)).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(body.meta.trace_id).toBe(lostTraceId);
    expect(provider.calls).toHaveLength(1);
  });
});

describe("object keys and the storage folder", () => {
  const store = new EmbeddedStore("/srv/docroute-data", "http://127.0.0.1:1", "secret");
  const hostile = fc.oneof(
    fc.string(),
    fc.string({ unit: "grapheme" }),
    fc.string({ unit: "binary", maxLength: 300 }),
    fc.constantFrom(
      "../../etc/passwd",
      "uploads/../../../etc/passwd",
      "uploads/5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d/../../../x",
      "uploads/5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d/..%2f..%2f..%2fetc",
      "/etc/passwd",
      "uploads\\..\\..\\x",
      "uploads/5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d/\u2025\u2025/x",
      "uploads/5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d/AAAAAAAAAAAAAAAAAAAAAA\u0000.pdf",
      `uploads/5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d/${"A".repeat(10_000)}`,
      "uploads/5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d/ＡＡＡＡＡＡＡＡＡＡＡＡＡＡＡＡＡＡＡＡＡＡ",
    ),
  );

  it("no key from outside names a file outside the objects folder", () => {
    fc.assert(
      fc.property(hostile, (key) => {
        let file: string;
        try {
          file = store.pathOf(key);
        } catch {
          expect(isObjectKey(key)).toBe(false);
          return;
        }
        const resolved = path.resolve(file);
        expect(resolved.startsWith(`${store.root}${path.sep}uploads${path.sep}`), resolved).toBe(
          true,
        );
        expect(path.basename(resolved).length).toBeLessThanOrEqual(28);
      }),
      { numRuns: 2_000 },
    );
  });

  it("reading a hostile key finds nothing and touches no file", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async (key) => {
        fc.pre(!isObjectKey(key));
        expect(await readObject(store, key)).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it("keys the service makes are well formed whatever content type is asked for", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ unit: "grapheme" }), (category, type) => {
        const key = newObjectKey(category.toLowerCase(), type);
        expect(isObjectKey(key), key).toBe(true);
        expect(path.resolve(store.pathOf(key)).startsWith(store.root)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});
