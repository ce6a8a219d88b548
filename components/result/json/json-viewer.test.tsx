// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { JsonViewer } from "./json-viewer";

afterEach(cleanup);

const value = {
  text: "Dear Sir",
  pages: [{ number: 1, words: [{ text: "Dear" }, { text: "Sir" }] }],
};

describe("JsonViewer", () => {
  it("starts with the top level open and the rest closed", () => {
    render(<JsonViewer value={value} />);
    const viewer = screen.getByTestId("json-viewer");
    expect(viewer.textContent).toContain('"Dear Sir"');
    expect(viewer.textContent).toContain("1 item");
    expect(viewer.textContent).not.toContain('"words"');
  });

  it("opens and closes a branch with its button", () => {
    render(<JsonViewer value={value} />);
    const pages = screen.getByRole("button", { name: /"pages"/ });
    expect(pages.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(pages);
    expect(pages.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByTestId("json-viewer").textContent).toContain("0: {");
  });

  it("search opens the way to every match and hides the rest", () => {
    render(<JsonViewer value={value} />);
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "sir" } });
    const text = screen.getByTestId("json-viewer").textContent ?? "";
    expect(text).toContain("2 matches");
    expect(text).toContain('"Sir"');
    expect(text).not.toContain('"Dear"');
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "zzz" } });
    expect(screen.getByText("No matches")).toBeTruthy();
  });
});
