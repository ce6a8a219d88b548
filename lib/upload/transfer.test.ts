import { describe, expect, it, vi } from "vitest";
import { isAbortError } from "./backoff";
import { PutError } from "./put-file";
import { type Grant, MAX_NETWORK_RETRIES, type TransferDeps, transferFile } from "./transfer";

const grantNo = (n: number, expiresIn = 900): Grant => ({
  objectKey: `uploads/cat/obj${n}.png`,
  s3Uri: `s3://bucket/uploads/cat/obj${n}.png`,
  uploadUrl: `http://storage.test/obj${n}`,
  expiresIn,
});

/** A transfer whose PUTs answer in turn from `outcomes`; time and sleep are fake. */
function harness(outcomes: (PutError | "ok")[], options: { expiresIn?: number[] } = {}) {
  let clock = 0;
  let grants = 0;
  const puts: string[] = [];
  const sleeps: number[] = [];
  const notes: (string | null)[] = [];
  const deps: TransferDeps = {
    requestGrant: vi.fn(async () => grantNo(++grants, options.expiresIn?.[grants - 1] ?? 900)),
    put: vi.fn(async (grant: Grant) => {
      puts.push(grant.uploadUrl);
      const outcome = outcomes.shift() ?? "ok";
      if (outcome !== "ok") throw outcome;
      return { etag: null };
    }),
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    now: () => clock,
    random: () => 0.5,
  };
  const run = () =>
    transferFile(deps, { onNote: (n) => notes.push(n) }, new AbortController().signal);
  return { deps, run, puts, sleeps, notes, grantCount: () => grants };
}

const expired = () => new PutError("expired", 403, "AccessDenied");
const offline = () => new PutError("network", 0, null);

describe("transferFile", () => {
  it("gets a grant and PUTs once when all goes well", async () => {
    const h = harness(["ok"]);
    await expect(h.run()).resolves.toEqual(grantNo(1));
    expect(h.puts).toEqual(["http://storage.test/obj1"]);
  });

  it("renews an expired grant once, by itself, and uploads to the new object", async () => {
    const h = harness([expired(), "ok"]);
    const grant = await h.run();
    expect(grant.objectKey).toBe("uploads/cat/obj2.png");
    expect(h.puts).toEqual(["http://storage.test/obj1", "http://storage.test/obj2"]);
    expect(h.notes[0]).toBe("The upload link expired. Getting a new one…");
  });

  it("gives up when the renewed grant expires too", async () => {
    const h = harness([expired(), expired()]);
    await expect(h.run()).rejects.toMatchObject({ kind: "expired" });
    expect(h.grantCount()).toBe(2);
  });

  it("renews a grant that lapsed before the PUT started, without a wasted PUT", async () => {
    const h = harness(["ok"], { expiresIn: [0, 900] });
    const grant = await h.run();
    expect(grant.objectKey).toBe("uploads/cat/obj2.png");
    expect(h.puts).toEqual(["http://storage.test/obj2"]);
  });

  it("lets storage judge when even the renewed grant is already past its time", async () => {
    const h = harness(["ok"], { expiresIn: [0, 0] });
    await expect(h.run()).resolves.toMatchObject({ objectKey: "uploads/cat/obj2.png" });
    expect(h.grantCount()).toBe(2);
  });

  it("retries a lost connection with growing waits, then succeeds", async () => {
    const h = harness([offline(), offline(), "ok"]);
    await h.run();
    expect(h.puts).toHaveLength(3);
    expect(h.sleeps).toEqual([750, 1500]);
    expect(h.notes).toEqual([
      "Connection lost. Trying again in 1 s (retry 1 of 3)…",
      "Connection lost. Trying again in 2 s (retry 2 of 3)…",
      null,
    ]);
  });

  it("stops after a few retries and reports the network failure", async () => {
    const h = harness(Array.from({ length: 10 }, offline));
    await expect(h.run()).rejects.toMatchObject({ kind: "network" });
    expect(h.puts).toHaveLength(1 + MAX_NETWORK_RETRIES);
  });

  it("does not retry what another try cannot fix", async () => {
    const h = harness([new PutError("signature", 403, "SignatureDoesNotMatch")]);
    await expect(h.run()).rejects.toMatchObject({ kind: "signature" });
    expect(h.puts).toHaveLength(1);
  });

  it("passes a grant refusal through untouched", async () => {
    const h = harness([]);
    const refusal = new Error("category_inactive");
    h.deps.requestGrant = async () => {
      throw refusal;
    };
    await expect(h.run()).rejects.toBe(refusal);
  });

  it("stops waiting when cancelled", async () => {
    const controller = new AbortController();
    const h = harness([offline()]);
    h.deps.sleep = (_ms, signal) =>
      new Promise((_, reject) =>
        signal.addEventListener("abort", () => reject(new DOMException("x", "AbortError"))),
      );
    const run = transferFile(h.deps, {}, controller.signal);
    await vi.waitFor(() => expect(h.puts).toHaveLength(1));
    controller.abort();
    await expect(run).rejects.toSatisfy(isAbortError);
  });
});
