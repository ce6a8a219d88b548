import { describe, expect, it } from "vitest";
import { categoryPageSchema, errorBodySchema, ocrPageSchema } from "./index";

describe("contract schemas", () => {
  it("keep fields another service adds", () => {
    const page = categoryPageSchema.parse({
      items: [{ id: "x", name: "n", slug: "s", description: "d", status: "beta", icon: "i" }],
      page: 1,
      pages: 1,
      size: 50,
      total: 1,
      next: null,
    });
    expect(page.items[0]).toMatchObject({ status: "beta", icon: "i" });
  });

  it("read a page's rotation, and another service's odd one as absent", () => {
    const page = {
      number: 1,
      width: 10,
      height: 20,
      text: "",
      confidence: 1,
      lines: [],
      words: [],
    };
    expect(ocrPageSchema.parse({ ...page, rotation: 90 }).rotation).toBe(90);
    const odd = ocrPageSchema.parse({ ...page, rotation: "sideways" });
    expect(odd.rotation).toBeUndefined();
    expect(odd.width).toBe(10);
  });

  it("accept detail as a string or as a list", () => {
    expect(errorBodySchema.parse({ detail: "Nope" }).detail).toBe("Nope");
    const list = errorBodySchema.parse({ detail: [{ loc: ["body", "x"], msg: "m", type: "t" }] });
    expect(Array.isArray(list.detail)).toBe(true);
  });
});
