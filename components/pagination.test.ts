import { describe, expect, it } from "vitest";
import { pageWindow } from "./pagination";

describe("pageWindow", () => {
  it("shows every page when there are few", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("keeps both ends and the neighbours of the current page", () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, "gap", 20]);
    expect(pageWindow(10, 20)).toEqual([1, "gap", 9, 10, 11, "gap", 20]);
    expect(pageWindow(20, 20)).toEqual([1, "gap", 16, 17, 18, 19, 20]);
  });

  it("never shows a page twice or out of range", () => {
    for (let total = 1; total <= 30; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const numbers = pageWindow(current, total).filter((s) => s !== "gap");
        expect(new Set(numbers).size).toBe(numbers.length);
        expect(numbers).toContain(current);
        expect(Math.min(...numbers)).toBe(1);
        expect(Math.max(...numbers)).toBe(total);
        expect(numbers.length).toBeLessThanOrEqual(7);
      }
    }
  });
});
