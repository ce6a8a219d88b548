// readObject: an object is read into memory only up to the category's limit, whatever
// size the store claims, and a store that ends early is an error, not a short document.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { EmbeddedStore } from "../src/storage/embedded";
import { newObjectKey } from "../src/storage/keys";
import { ObjectTooLarge, readObject } from "../src/storage/read";
import type { ObjectStore, StoredObject } from "../src/storage/types";

/** A store holding one object that claims `size` and streams `chunks`, counting what was pulled. */
function storeOf(size: number, chunks: Buffer[]) {
  const stats = { pulled: 0, destroyed: false };
  const body = new Readable({
    highWaterMark: 1,
    read() {
      const next = chunks.shift();
      if (next) stats.pulled += next.length;
      this.push(next ?? null);
    },
    destroy(error, callback) {
      stats.destroyed = true;
      callback(error);
    },
  });
  const object: StoredObject = { size, body };
  const store: ObjectStore = {
    bucket: "b",
    presignPut: () => Promise.reject(new Error("unused")),
    open: async () => object,
    remove: async () => {},
    check: async () => {},
  };
  return { store, stats };
}

const piece = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe("readObject", () => {
  it("reads an object within the limit whole", async () => {
    const { store, stats } = storeOf(30, [piece(10, 1), piece(10, 2), piece(10, 3)]);
    const bytes = await readObject(store, "k", 30);
    expect(bytes).toEqual(Buffer.concat([piece(10, 1), piece(10, 2), piece(10, 3)]));
    expect(stats.destroyed).toBe(true);
  });

  it("refuses an object whose size is over the limit without reading a byte", async () => {
    const { store, stats } = storeOf(100, [piece(50), piece(50)]);
    const error = await readObject(store, "k", 99).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ObjectTooLarge);
    expect((error as ObjectTooLarge).size).toBe(100);
    expect(stats.pulled).toBe(0);
    expect(stats.destroyed).toBe(true);
  });

  it("stops at the limit when the store sends more than it said", async () => {
    const { store, stats } = storeOf(10, [piece(10), piece(10), piece(1000), piece(1000)]);
    const error = await readObject(store, "k", 15).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ObjectTooLarge);
    expect(stats.pulled).toBeLessThanOrEqual(20 + 1000);
    expect(stats.destroyed).toBe(true);
  });

  it("fails when the object ends before its size", async () => {
    const { store } = storeOf(30, [piece(10)]);
    await expect(readObject(store, "k", 30)).rejects.toThrow("ended after 10 of 30 bytes");
  });

  it("finds nothing where nothing is stored", async () => {
    const { store } = storeOf(0, []);
    store.open = async () => undefined;
    expect(await readObject(store, "k")).toBeUndefined();
  });
});

describe("readObject from embedded storage", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  /** An embedded store holding `bytes` under a fresh key. */
  async function stored(bytes: Buffer) {
    const dir = await mkdtemp(path.join(tmpdir(), "docroute-read-"));
    dirs.push(dir);
    const store = new EmbeddedStore(dir, "http://127.0.0.1", "secret");
    await store.init();
    const key = newObjectKey("5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d", "image/png");
    await mkdir(path.dirname(store.pathOf(key)), { recursive: true });
    await writeFile(store.pathOf(key), bytes);
    return { store, key };
  }
  const pattern = (n: number) => {
    const bytes = Buffer.alloc(n);
    for (let i = 0; i < n; i++) bytes[i] = (i * 7) % 251;
    return bytes;
  };
  // 256 KiB is where the synchronous read gives way to the stream: both sides of it.
  it.each([0, 22_800, 256 * 1024, 256 * 1024 + 1, 3 * 1024 * 1024 + 5])(
    "reads an object of %i bytes exactly",
    async (size) => {
      const { store, key } = await stored(pattern(size));
      const bytes = await readObject(store, key, 10 * 1024 * 1024);
      // Buffer#equals: a deep comparison of megabytes element by element takes seconds.
      expect(bytes?.length).toBe(size);
      expect(bytes?.equals(pattern(size))).toBe(true);
    },
  );

  it.each([1000, 300 * 1024])("refuses a %i-byte object over the limit", async (size) => {
    const { store, key } = await stored(pattern(size));
    await expect(readObject(store, key, size - 1)).rejects.toBeInstanceOf(ObjectTooLarge);
  });

  it("answers undefined for a key with nothing stored or a key that is not one", async () => {
    const { store } = await stored(pattern(1));
    expect(
      await readObject(store, newObjectKey("5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d", "image/png")),
    ).toBeUndefined();
    expect(await readObject(store, "uploads/../../upload-signing-secret")).toBeUndefined();
  });
});
