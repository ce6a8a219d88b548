// readObject: an object is read into memory only up to the category's limit, whatever
// size the store claims, and a store that ends early is an error, not a short document.
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
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
