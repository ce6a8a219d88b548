// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newEntry, type QueueEntry } from "@/lib/upload/queue-state";
import { UploadRow } from "./upload-row";

afterEach(cleanup);

const entry = (patch: Partial<QueueEntry>): QueueEntry => ({
  ...newEntry(
    { name: "letter.png", size: 2 * 1024 * 1024 },
    { id: "a", idempotencyKey: "k", languageHints: [], now: 0 },
  ),
  mimeType: "image/png",
  ...patch,
});

function renderRow(e: QueueEntry, canRetry = false) {
  const handlers = { onCancel: vi.fn(), onRetry: vi.fn(), onRemove: vi.fn() };
  render(<UploadRow entry={e} selected={false} canRetry={canRetry} {...handlers} />);
  return handlers;
}

describe("UploadRow", () => {
  it("shows real progress while uploading, and Cancel", () => {
    const handlers = renderRow(
      entry({ stage: "uploading", loaded: 1024 * 1024, bytesPerSecond: 512 * 1024 }),
    );
    const bar = screen.getByRole("progressbar", { name: "Uploading letter.png" });
    expect(bar.getAttribute("aria-valuenow")).toBe("50");
    expect(screen.getByTestId("upload-detail").textContent).toBe("50% · 1 MB of 2 MB · 512 KB/s");
    fireEvent.click(screen.getByRole("button", { name: "Cancel letter.png" }));
    expect(handlers.onCancel).toHaveBeenCalled();
  });

  it("says it is processing, with the seconds so far, and offers no Cancel", () => {
    vi.useFakeTimers({ now: 20_000 });
    renderRow(entry({ stage: "processing", uploaded: true, loaded: 2, processingSince: 8_000 }));
    expect(screen.getByTestId("upload-detail").textContent).toBe(
      "Reading the document · 12 s so far",
    );
    expect(screen.queryByRole("button", { name: /Cancel/ })).toBeNull();
    expect(screen.getByTestId("upload-stage").textContent).toBe("Processing");
    vi.useRealTimers();
  });

  it("shows why it failed, the trace id, and Retry", () => {
    const handlers = renderRow(
      entry({
        stage: "failed",
        uploaded: true,
        failure: {
          code: "providers_failed",
          title: "We couldn't process this document",
          message: "Every provider failed.",
          traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
        },
      }),
      true,
    );
    expect(screen.getByTestId("upload-failure-title").textContent).toBe(
      "We couldn't process this document",
    );
    expect(screen.getByTestId("upload-detail").textContent).toBe("Every provider failed.");
    expect(screen.getByTestId("trace-id").textContent).toBe("4bf92f3577b34da6a3ce929d0e0e4736");
    fireEvent.click(screen.getByRole("button", { name: "Retry letter.png" }));
    expect(handlers.onRetry).toHaveBeenCalled();
  });

  it("offers no Retry for a file the checks refused", () => {
    renderRow(
      entry({
        stage: "failed",
        failure: { code: "file_type", title: "File type not supported", message: "No." },
      }),
      false,
    );
    expect(screen.queryByRole("button", { name: /Retry/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Remove letter.png from the list" })).toBeTruthy();
  });
});
