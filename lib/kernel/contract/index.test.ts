import { describe, expect, it } from "vitest";
import { categoryPageSchema, errorBodySchema } from "./index";

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

  it("accept detail as a string or as a list", () => {
    expect(errorBodySchema.parse({ detail: "Nope" }).detail).toBe("Nope");
    const list = errorBodySchema.parse({ detail: [{ loc: ["body", "x"], msg: "m", type: "t" }] });
    expect(Array.isArray(list.detail)).toBe(true);
  });
});
