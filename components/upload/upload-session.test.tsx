// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DocumentUploader } from "./document-uploader";

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

describe("UploadSession (the engine, fetched on demand)", () => {
  it("adds each waiting file once, under the drop zone, even when effects run twice", async () => {
    render(
      <StrictMode>
        <QueryClientProvider client={new QueryClient()}>
          <DocumentUploader categoryId="c1" categoryName="Text recognition" />
        </QueryClientProvider>
      </StrictMode>,
    );
    // Text calling itself PNG: refused by the file check, so nothing goes to the network.
    const files = ["a.png", "b.png"].map((name) => new File(["x"], name, { type: "image/png" }));
    fireEvent.change(screen.getByLabelText("Choose documents to upload"), { target: { files } });
    await vi.waitFor(() => expect(screen.getAllByTestId("upload-row")).toHaveLength(2), {
      timeout: 5000,
    });
    const rows = screen.getAllByTestId("upload-row");
    expect(rows.map((row) => row.getAttribute("title") ?? row.textContent)).toEqual([
      expect.stringContaining("a.png"),
      expect.stringContaining("b.png"),
    ]);
    // The rows sit in the uploader's own section, right after the drop zone.
    const section = screen.getByRole("region", { name: "Add documents" });
    expect(section.contains(rows[0] ?? null)).toBe(true);
    await vi.waitFor(() =>
      expect(rows.map((row) => row.getAttribute("data-stage"))).toEqual(["failed", "failed"]),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByTestId("upload-row")).toHaveLength(2);
  });
});
