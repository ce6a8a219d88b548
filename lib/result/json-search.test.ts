import { describe, expect, it } from "vitest";
import { childPath, searchJson } from "./json-search";

const data = {
  text: "Dear Sir",
  pages: [
    {
      number: 1,
      words: [
        { text: "Dear", confidence: 0.9 },
        { text: "Sir", confidence: 0.4 },
      ],
    },
  ],
  "odd key": null,
};

describe("searchJson", () => {
  it("finds values case-insensitively and opens the way to them", () => {
    const found = searchJson(data, "sir");
    expect([...found.matches]).toEqual(["$.text", "$.pages[0].words[1].text"]);
    expect([...found.open]).toEqual([
      "$",
      "$.pages",
      "$.pages[0]",
      "$.pages[0].words",
      "$.pages[0].words[1]",
    ]);
  });

  it("finds keys, numbers and nulls too", () => {
    expect([...searchJson(data, "confidence").matches]).toEqual([
      "$.pages[0].words[0].confidence",
      "$.pages[0].words[1].confidence",
    ]);
    expect([...searchJson(data, "0.4").matches]).toEqual(["$.pages[0].words[1].confidence"]);
    expect([...searchJson(data, "null").matches]).toEqual(['$["odd key"]']);
  });

  it("finds nothing for an empty query", () => {
    expect(searchJson(data, "  ").matches.size).toBe(0);
  });

  it("stops at the limit and says so", () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ text: `word ${i}` }));
    const found = searchJson(many, "word", 10);
    expect(found.matches.size).toBe(10);
    expect(found.truncated).toBe(true);
  });

  it("names paths the way a reader would write them", () => {
    expect(childPath("$", "pages")).toBe("$.pages");
    expect(childPath("$.pages", 0)).toBe("$.pages[0]");
    expect(childPath("$", "content-type")).toBe('$["content-type"]');
  });
});
