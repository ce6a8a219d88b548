// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProcessAnswer } from "@/lib/api/documents";
import { ResultView } from "./result-view";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const word = (text: string, confidence: number, x0: number) => ({
  text,
  confidence,
  bbox: { x0, y0: 10, x1: x0 + 40, y1: 30 },
});

const ocr: ProcessAnswer = {
  kind: "ocr",
  data: {
    text: "Dear Sir",
    language: "eng",
    pages: [
      {
        number: 1,
        width: 400,
        height: 200,
        text: "Dear Sir",
        confidence: 0.7,
        lines: [],
        words: [word("Dear", 0.95, 10), word("Sir", 0.42, 60)],
      },
    ],
  },
  meta: {
    estimated_cost: 0.0015,
    failover_depth: 1,
    latency_ms: 2400,
    trace_id: "0af7651916cd43dd8448eb211c80319c",
    provider: "tesseract-native",
    attempts: [
      { provider: "tesseractjs-best", outcome: "error", latency_ms: 400, error: "Timed out" },
      { provider: "tesseract-native", outcome: "success", latency_ms: 2000 },
    ],
  },
};

const support = {
  idempotencyKey: "key-123",
  objectKey: "uploads/c/x.png",
  categoryName: "Text recognition",
  time: Date.UTC(2026, 10, 22),
};

describe("ResultView", () => {
  it("shows the text, the cost in its unit, the latency, the failover and the trace id", () => {
    render(<ResultView result={ocr} support={support} unitLabel="USD" />);
    expect(screen.getByTestId("recognised-text").textContent).toBe("Dear Sir");
    expect(screen.getByTestId("meta-cost").textContent).toBe("0.0015 USD");
    expect(screen.getByTestId("meta-latency").textContent).toBe("2.4 s");
    expect(screen.getByTestId("meta-failover").textContent).toBe(
      "Answered by a backup provider after 1 automatic retry.",
    );
    expect(screen.getByTestId("trace-id").textContent).toBe("0af7651916cd43dd8448eb211c80319c");
    const attempts = screen.getByTestId("meta-attempts");
    expect(within(attempts).getByText("Timed out")).toBeTruthy();
    expect(within(attempts).getByText("Answered")).toBeTruthy();
  });

  it("draws a box per word, marks the low-confidence ones, and hides them on request", () => {
    render(<ResultView result={ocr} support={support} />);
    const page = screen.getByRole("img", {
      name: /Page 1: 2 recognised words, 1 read with low confidence/,
    });
    const boxes = page.querySelectorAll("[data-testid=word-boxes] rect");
    expect(boxes).toHaveLength(2);
    expect(page.querySelectorAll("[data-low-confidence]")).toHaveLength(1);
    expect(page.getAttribute("viewBox")).toBe("0 0 400 200");

    fireEvent.click(screen.getByRole("switch", { name: "Show word boxes" }));
    expect(page.querySelectorAll("[data-testid=word-boxes] rect")).toHaveLength(0);
  });

  it("picks a word on a tap: its box stands out and its text and confidence are said", () => {
    render(<ResultView result={ocr} support={support} />);
    const page = screen.getByTestId("page-view");
    const sir = page.querySelector('[data-word="1"]') as Element;
    fireEvent.click(sir);
    expect(page.querySelector("[data-testid=picked-word-box]")?.getAttribute("x")).toBe("60");
    expect(screen.getByTestId("picked-word").textContent).toBe("“Sir”: 42% confidence, page 1");
    fireEvent.click(sir);
    expect(page.querySelector("[data-testid=picked-word-box]")).toBeNull();
  });

  it("offers the text as Markdown and as a searchable PDF", async () => {
    render(<ResultView result={ocr} support={support} />);
    expect(screen.getByRole("button", { name: "Download Markdown" })).toBeTruthy();
    const pdf = screen.getByRole("button", { name: "Download searchable PDF" });
    // Without the document (no file, nowhere to fetch it) there is nothing to make it from.
    expect((pdf as HTMLButtonElement).disabled).toBe(true);
  });

  it("copies the support details in one click", async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    render(<ResultView result={ocr} support={support} />);
    fireEvent.click(screen.getByTestId("copy-support-details"));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(writeText.mock.calls[0]?.[0]).toBe(
      [
        "Trace id: 0af7651916cd43dd8448eb211c80319c",
        "Idempotency key: key-123",
        "Object key: uploads/c/x.png",
        "Time: 2026-11-22T00:00:00.000Z",
        "Category: Text recognition",
      ].join("\n"),
    );
    expect(await screen.findByText("Copied")).toBeTruthy();
  });

  it("shows data of an unknown shape as JSON text, never as HTML", () => {
    const odd: ProcessAnswer = {
      kind: "other",
      data: { supplier: "<img src=x onerror=alert(1)>", total: 12 },
      meta: { estimated_cost: 0.02, failover_depth: 0, latency_ms: 90, trace_id: "t" },
    };
    const { container } = render(<ResultView result={odd} support={{}} />);
    const viewer = screen.getByTestId("json-viewer");
    expect(viewer.textContent).toContain('"<img src=x onerror=alert(1)>"');
    expect(container.querySelector("img")).toBeNull();
    expect(screen.queryByTestId("ocr-result")).toBeNull();
    expect(screen.getByTestId("meta-failover").textContent).toBe(
      "Answered by the first-choice provider.",
    );
  });

  it("chooses the view by the result's kind, not by trying the data's shape", () => {
    render(<ResultView result={{ ...ocr, kind: "other" }} support={{}} />);
    expect(screen.queryByTestId("ocr-result")).toBeNull();
    expect(screen.getByTestId("json-viewer").textContent).toContain('"Dear Sir"');
  });

  it("falls back to JSON when confidences are out of range instead of drawing nonsense", () => {
    const pages = (ocr.data.pages as Record<string, unknown>[]).map((p) => ({
      ...p,
      confidence: 87,
    }));
    const percent: ProcessAnswer = { ...ocr, data: { ...ocr.data, pages } };
    render(<ResultView result={percent} support={{}} />);
    expect(screen.queryByTestId("ocr-result")).toBeNull();
    expect(screen.getByTestId("json-viewer")).toBeTruthy();
  });
});
