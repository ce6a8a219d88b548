import { describe, expect, it } from "vitest";
import { describeStatus } from "./status";

describe("describeStatus", () => {
  it.each(["active", "ACTIVE", " Active "])("reads %j as Active", (raw) => {
    expect(describeStatus(raw)).toEqual({ availability: "active", label: "Active" });
  });

  it.each([
    "coming_soon",
    "COMING_SOON",
    "coming soon",
    "Coming-Soon",
    "comingSoon",
    "soon",
    "preview",
    "upcoming",
  ])("reads %j as Coming soon", (raw) => {
    expect(describeStatus(raw)).toEqual({ availability: "coming_soon", label: "Coming soon" });
  });

  it("shows any other literal in its own words, prettified and not available", () => {
    expect(describeStatus("under_maintenance")).toEqual({
      availability: "unavailable",
      label: "Under maintenance",
    });
    expect(describeStatus("DEPRECATED")).toEqual({
      availability: "unavailable",
      label: "Deprecated",
    });
    expect(describeStatus("")).toEqual({ availability: "unavailable", label: "Unavailable" });
  });

  it("does not take a status that merely contains 'active' as active", () => {
    expect(describeStatus("inactive").availability).toBe("unavailable");
    expect(describeStatus("inactive").label).toBe("Inactive");
  });

  it("keeps a very long literal short", () => {
    expect(describeStatus("a".repeat(100)).label.length).toBeLessThanOrEqual(32);
  });
});
