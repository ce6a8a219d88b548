import { describe, expect, it } from "vitest";
import { parseRunQuery, runQueryParams } from "./filters";

describe("parseRunQuery", () => {
  it("reads every filter from the URL and gives it back for links", () => {
    const query = parseRunQuery(
      new URLSearchParams(
        "outcome=failed&category=cat-1&from=2026-11-01&to=2026-11-02&failover=1&min_cost=0.01&max_cost=0.5&page=3",
      ),
    );
    expect(query.problems).toEqual([]);
    expect(query.filters).toEqual({
      outcome: "failed",
      categoryId: "cat-1",
      from: Date.parse("2026-11-01T00:00:00Z"),
      // A bare "to" date covers its whole day.
      to: Date.parse("2026-11-03T00:00:00Z"),
      failedOver: true,
      minCost: 0.01,
      maxCost: 0.5,
    });
    expect(query.page).toBe(3);
    const again = parseRunQuery(runQueryParams(query.filters, query.page));
    expect(again.filters).toEqual(query.filters);
    expect(again.page).toBe(3);
  });

  it("drops bad values and names them, instead of failing the page", () => {
    const query = parseRunQuery({
      outcome: "exploded",
      min_cost: "-1",
      from: "yesterday",
      page: "0",
    });
    expect(query.filters).toEqual({});
    expect(query.page).toBe(1);
    expect(query.problems).toEqual([
      { field: "outcome", message: expect.any(String) },
      { field: "from", message: "is not a date" },
      { field: "min_cost", message: "cannot be negative" },
      { field: "page", message: "must be a whole number from 1" },
    ]);
  });
});
