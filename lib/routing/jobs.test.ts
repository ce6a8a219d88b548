import { describe, expect, it } from "vitest";
import type { Job } from "@/lib/kernel/contract";
import { jobAnswer } from "./job-answer";
import { pagesOf, toJobView } from "./jobs";

const job = (extra: Partial<Job> = {}): Job => ({
  id: "0b5c3f52-4a58-4d39-9a3e-4c1b0c1e2f3a",
  status: "running",
  category_id: "c",
  batch_id: null,
  pages_done: 2,
  pages_total: 5,
  created_at: "2026-12-04T10:00:00.000Z",
  started_at: "2026-12-04T10:00:01.000Z",
  finished_at: null,
  trace_id: "t".repeat(32),
  ...extra,
});

describe("a job in the app's words", () => {
  it("gives the text of each page read so far, in page order, and only those after `after`", () => {
    const view = toJobView(
      job({
        partial: {
          text: "two\n\none",
          pages: [
            { number: 2, text: "two", width: 1, height: 1 },
            { number: 1, text: "one", width: 1, height: 1 },
          ],
        },
      }),
    );
    expect(view.pages).toEqual([
      { number: 1, text: "one" },
      { number: 2, text: "two" },
    ]);
    expect(jobAnswer("run-1", view, 1).pages).toEqual([{ number: 2, text: "two" }]);
    expect(jobAnswer("run-1", view)).toMatchObject({ runId: "run-1", pagesDone: 2, pagesTotal: 5 });
  });

  it("reads a table page's text from its tables' rows", () => {
    expect(
      pagesOf({
        pages: [{ number: 1, width: 1, height: 1 }],
        tables: [
          {
            page: 1,
            rows: [
              ["a", "b"],
              ["1", "2"],
            ],
          },
        ],
      }),
    ).toEqual([{ number: 1, text: "a\tb\n1\t2" }]);
  });

  it("holds the synchronous answer once succeeded, with the buyer's plain words in its meta", () => {
    const meta = {
      estimated_cost: 0.005,
      failover_depth: 0,
      latency_ms: 900,
      trace_id: "t".repeat(32),
      attempts: [{ provider: "p", outcome: "error", latency_ms: 1, error: "spawn ENOENT" }],
    };
    const view = toJobView(
      job({ status: "succeeded", pages_done: 5, data: { text: "x", pages: [] }, meta }),
    );
    expect(view.outcome).toMatchObject({ data: { text: "x" }, meta, kind: "other" });
    const answer = jobAnswer("run-1", view);
    expect(answer.pages).toEqual([]);
    expect(JSON.stringify(answer)).not.toContain("ENOENT");
  });

  it("turns a failed job's error into the error the synchronous call would have thrown", () => {
    const view = toJobView(
      job({
        status: "failed",
        error: { detail: "All providers failed", trace_id: "t".repeat(32), status: 502 },
      }),
    );
    expect(view.failure?.code).toBe("providers_failed");
    expect(jobAnswer("run-1", view).failure).toMatchObject({
      code: "providers_failed",
      traceId: "t".repeat(32),
    });
  });
});
