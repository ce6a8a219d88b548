import { describe, expect, it } from "vitest";
import { isTiff, loadSharp } from "../src/images";

describe("loadSharp", () => {
  it("turns libvips's operation cache off, so nothing of one document stays for the next", async () => {
    const loaded = await loadSharp();
    const stats = loaded.cache();
    expect(stats.memory.max).toBe(0);
    expect(stats.items.max).toBe(0);
    expect(stats.files.max).toBe(0);
    expect(await loadSharp()).toBe(loaded);
  });
});

describe("isTiff", () => {
  it("knows a TIFF by its signature, either byte order, and nothing else", () => {
    expect(isTiff(Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08]))).toBe(true);
    expect(isTiff(Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0x00]))).toBe(true);
    expect(isTiff(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toBe(false);
    expect(isTiff(Buffer.from([0x49, 0x49, 0x2a]))).toBe(false);
  });
});
