// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { INTERRUPTED } from "@/lib/ledger/resume";
import type { RunDetail } from "@/lib/ledger/types";
import { NOT_PROCESSED_TEXT } from "@/lib/ledger/unprocessed";
import { LedgerRunView } from "./ledger-run-view";
import { MyDocumentsList } from "./my-documents-list";

// A finished run asks the app for its original document: no app answers here.
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ code: "not_found", message: "Gone." }, { status: 404 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base: RunDetail = {
  id: "local-1",
  localId: "local-1",
  traceId: null,
  sessionId: "s",
  categoryId: "c1",
  categoryName: "Text recognition",
  fileName: "invoice.png",
  fileSize: 1000,
  mediaType: "image/png",
  objectKey: "uploads/invoice.png",
  s3Uri: null,
  idempotencyKey: "k",
  status: "in_progress",
  createdAt: Date.UTC(2026, 10, 22, 5, 0),
  updatedAt: Date.UTC(2026, 10, 22, 5, 0),
  grantedAt: Date.UTC(2026, 10, 22, 5, 0),
  uploadedAt: Date.UTC(2026, 10, 22, 5, 0),
  processStartedAt: Date.UTC(2026, 10, 22, 5, 0),
  processEndedAt: null,
  httpStatus: null,
  errorCode: null,
  errorMessage: null,
  cost: null,
  latencyMs: null,
  failoverDepth: null,
  provider: null,
  replayed: false,
  job: null,
  request: null,
  errorBody: null,
  meta: null,
  data: null,
  kind: null,
  events: [],
};

describe("LedgerRunView", () => {
  it("shows the buyer plain words for a provider's raw error, never the error itself", () => {
    render(
      <LedgerRunView
        run={{
          ...base,
          status: "succeeded",
          traceId: "t".repeat(32),
          data: { text: "Hello", language: "eng", pages: [] },
          kind: "ocr",
          meta: {
            trace_id: "t".repeat(32),
            estimated_cost: 0.001,
            latency_ms: 900,
            failover_depth: 1,
            attempts: [
              {
                provider: "tesseract-native",
                outcome: "error",
                latency_ms: 3,
                error: "spawn tesseract ENOENT",
              },
              { provider: "tesseractjs-fast", outcome: "success", latency_ms: 900 },
            ],
          },
        }}
        unitLabel="USD"
      />,
    );
    expect(document.body.textContent).not.toContain("ENOENT");
    expect(screen.getByText("This engine couldn't read the document.")).toBeTruthy();
  });

  it("names an interrupted run plainly and says what to do", () => {
    render(
      <LedgerRunView
        run={{
          ...base,
          status: "failed",
          errorCode: INTERRUPTED.code,
          errorMessage: INTERRUPTED.message,
        }}
        unitLabel="USD"
      />,
    );
    expect(screen.getByRole("heading", { name: "Processing was interrupted" })).toBeTruthy();
    expect(screen.queryByText("Something went wrong")).toBeNull();
    expect(screen.getByText(/Please send the document again/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe(
      "/categories/c1",
    );
  });

  it("tells the buyer the result will appear by itself while it is in progress", () => {
    render(<LedgerRunView run={base} unitLabel="USD" />);
    const panel = screen.getByTestId("run-in-progress");
    expect(panel.textContent).toMatch(/appears here by itself/);
    expect(panel.textContent).not.toMatch(/refresh/i);
  });
});

describe("a run that was never processed", () => {
  const notProcessed: RunDetail = {
    ...base,
    status: "not_processed",
    uploadedAt: null,
    processStartedAt: null,
    idempotencyKey: null,
    errorCode: NOT_PROCESSED_TEXT.notUploaded.code,
    errorMessage: NOT_PROCESSED_TEXT.notUploaded.message,
  };

  it("says plainly on its page that the upload didn't finish, and offers to send it again", () => {
    render(<LedgerRunView run={notProcessed} unitLabel="USD" />);
    expect(screen.getByTestId("run-status").textContent).toBe("Not processed");
    expect(screen.getByRole("heading", { name: "Not processed" })).toBeTruthy();
    expect(screen.getByText(/The upload didn't finish/)).toBeTruthy();
    expect(screen.queryByTestId("run-in-progress")).toBeNull();
    expect(screen.getByRole("link", { name: "Send it again" }).getAttribute("href")).toBe(
      "/categories/c1",
    );
  });

  it("shows as not processed in My documents, with the reason", () => {
    render(<MyDocumentsList runs={[notProcessed]} unitLabel="USD" now={base.createdAt} />);
    expect(screen.getByTestId("run-status").textContent).toBe("Not processed");
    expect(screen.getByTestId("my-document-error").textContent).toBe(
      NOT_PROCESSED_TEXT.notUploaded.message,
    );
  });
});
