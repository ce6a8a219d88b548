// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { BarChart, niceMax } from "./bar-chart";

afterEach(cleanup);

const bars = [
  { key: 1, value: 4, failed: 1, title: "Monday: 4 runs, 1 failed" },
  { key: 2, value: 0, title: "Tuesday: 0 runs" },
  { key: 3, value: 7, title: "Wednesday: 7 runs" },
];

describe("BarChart", () => {
  it("ends its value axis on a round number, with ticks", () => {
    expect([1, 3, 7, 12, 48, 101].map(niceMax)).toEqual([1, 5, 10, 20, 50, 200]);
    render(<BarChart bars={bars} label="Runs per day" first="Mon" last="Wed" />);
    const chart = screen.getByRole("group", { name: "Runs per day" });
    const ticks = [...chart.querySelectorAll("text")].map((t) => t.textContent);
    expect(ticks).toEqual(["0", "5", "10", "Mon", "Wed"]);
    // Scales as a whole: no stretching of one axis.
    expect(chart.getAttribute("preserveAspectRatio")).toBeNull();
  });

  it("lets a keyboard reach every value: one tab stop, then the arrow keys", () => {
    render(<BarChart bars={bars} label="Runs per day" />);
    const points = screen.getAllByRole("img");
    expect(points.map((p) => p.getAttribute("aria-label"))).toEqual(bars.map((b) => b.title));
    expect(points.map((p) => p.getAttribute("tabindex"))).toEqual(["0", "-1", "-1"]);
    fireEvent.focus(points[0] as Element);
    expect(screen.getByText("Monday: 4 runs, 1 failed")).toBeTruthy();
    fireEvent.keyDown(points[0] as Element, { key: "ArrowRight" });
    expect(document.activeElement).toBe(points[1]);
    expect(points.map((p) => p.getAttribute("tabindex"))).toEqual(["-1", "0", "-1"]);
    fireEvent.keyDown(points[1] as Element, { key: "End" });
    expect(document.activeElement).toBe(points[2]);
    expect(screen.getByText("Wednesday: 7 runs")).toBeTruthy();
  });
});
