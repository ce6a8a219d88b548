import { describe, expect, it } from "vitest";
import { loadSharp } from "../src/pages/sharp";

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
