// @vitest-environment happy-dom
// A document's text, words, provider names and errors come from strangers:
// the result viewer must show markup in them as text, never as elements.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ProcessAnswer } from "@/lib/api/documents";
import { ResultView } from "./result-view";

afterEach(cleanup);

const SCRIPT = "<script>window.__pwned = 1</script>";
const IMG = '<img src=x onerror="window.__pwned = 2">';
const hostile = `Dear Sir ${SCRIPT} and ${IMG}`;

const support = { idempotencyKey: "k", objectKey: "uploads/c/x.png", time: 0 };

function expectNoInjectedMarkup(view: HTMLElement): void {
  expect(view.querySelector("script")).toBeNull();
  expect(view.querySelector("img[onerror]")).toBeNull();
  expect(view.querySelectorAll("[onerror]")).toHaveLength(0);
  expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
}

describe("the result viewer with hostile text", () => {
  it("shows HTML and script in recognised text literally", () => {
    const result: ProcessAnswer = {
      kind: "ocr",
      data: {
        text: hostile,
        language: "eng",
        pages: [
          {
            number: 1,
            width: 400,
            height: 200,
            text: hostile,
            confidence: 0.9,
            lines: [],
            words: [
              { text: SCRIPT, confidence: 0.9, bbox: { x0: 0, y0: 0, x1: 50, y1: 20 } },
              { text: IMG, confidence: 0.2, bbox: { x0: 60, y0: 0, x1: 90, y1: 20 } },
            ],
          },
        ],
      },
      meta: {
        estimated_cost: 0.001,
        failover_depth: 1,
        latency_ms: 10,
        trace_id: "0af7651916cd43dd8448eb211c80319c",
        provider: IMG,
        attempts: [{ provider: SCRIPT, outcome: "error", latency_ms: 1, error: IMG }],
      },
    };
    render(<ResultView result={result} support={support} />);
    expect(screen.getByTestId("recognised-text").textContent).toBe(hostile);
    expectNoInjectedMarkup(screen.getByTestId("result-view"));
    expect(screen.getByTestId("result-view").textContent).toContain(IMG);
  });

  it("shows markup in any other category's JSON literally", () => {
    const result: ProcessAnswer = {
      kind: "other",
      data: { [IMG]: SCRIPT, nested: { list: [IMG, SCRIPT] } },
      meta: {
        estimated_cost: 0,
        failover_depth: 0,
        latency_ms: 1,
        trace_id: "0af7651916cd43dd8448eb211c80319c",
      },
    };
    render(<ResultView result={result} support={support} />);
    const view = screen.getByTestId("result-view");
    expectNoInjectedMarkup(view);
    expect(view.textContent).toContain(SCRIPT);
  });
});
