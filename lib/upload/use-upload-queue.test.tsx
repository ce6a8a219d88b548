// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_ACCEPTED_TYPES, DEFAULT_MAX_BYTES } from "./media-types";
import { storageKey } from "./storage-key";
import { useUploadQueue } from "./use-upload-queue";

const CATEGORY = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const png = (name = "scan.png") => new File([PNG], name, { type: "image/png" });

type PutAnswer = { status: number; body?: string };
/** Storage as the browser sees it: each PUT gets the next answer (200 when none are left). */
let putAnswers: PutAnswer[] = [];
let puts: { url: string; contentType: string | undefined }[] = [];

class FakeXhr {
  status = 0;
  responseText = "";
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = "";
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  abort() {
    this.onabort?.();
  }
  send() {
    puts.push({ url: this.url, contentType: this.headers["Content-Type"] });
    const answer = putAnswers.shift() ?? { status: 200 };
    setTimeout(() => {
      this.status = answer.status;
      this.responseText = answer.body ?? "";
      if (answer.status === 0) this.onerror?.();
      else this.onload?.();
    }, 1);
  }
}

/** `body` is undefined for a call that sends none. */
type Call = { url: string; body: Record<string, unknown> | undefined; headers: Headers };
let calls: Call[] = [];
let processAnswers: { status: number; body: unknown }[] = [];
/** GET /api/runs/:id/job answers, in turn; the last one is repeated. */
let jobAnswers: unknown[] = [];
let grantCount = 0;

const result = (traceId: string) => ({
  kind: "ocr",
  data: { text: "Hello", language: "eng", pages: [] },
  meta: { estimated_cost: 0.0015, failover_depth: 0, latency_ms: 120, trace_id: traceId },
});

const RUN = "a".repeat(32);
/** A job answer of GET /api/runs/:id/job with the text of pages from..to. */
const job = (status: string, pagesDone: number, from = 1, extra: object = {}) => ({
  runId: RUN,
  jobId: "0b5c3f52-4a58-4d39-9a3e-4c1b0c1e2f3a",
  status,
  pagesDone,
  pagesTotal: 4,
  pages: Array.from({ length: Math.max(0, pagesDone - from + 1) }, (_, i) => ({
    number: from + i,
    text: `Text of page ${from + i}`,
  })),
  ...extra,
});

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

beforeEach(() => {
  putAnswers = [];
  puts = [];
  calls = [];
  processAnswers = [];
  jobAnswers = [];
  grantCount = 0;
  window.sessionStorage.clear();
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body === undefined ? undefined : JSON.parse(String(init.body));
      const call = { url, body, headers: new Headers(init.headers) };
      calls.push(call);
      if (url.endsWith("/uploaded")) return new Response(null, { status: 204 });
      if (url.includes("/job")) {
        if (init.method === "DELETE") return json(200, job("cancelled", 2));
        return json(200, (jobAnswers.length > 1 ? jobAnswers.shift() : jobAnswers[0]) ?? {});
      }
      if (url.endsWith("/uploads")) {
        grantCount++;
        return json(200, {
          expiresIn: 900,
          objectKey: `uploads/c/obj${grantCount}.png`,
          s3Uri: `s3://b/uploads/c/obj${grantCount}.png`,
          uploadUrl: `http://storage.test/obj${grantCount}`,
        });
      }
      const answer = processAnswers.shift() ?? { status: 200, body: result("trace-1") };
      return json(answer.status, answer.body);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function setup() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () =>
      useUploadQueue({
        categoryId: CATEGORY,
        accepted: DEFAULT_ACCEPTED_TYPES,
        maxBytes: DEFAULT_MAX_BYTES,
      }),
    { wrapper },
  );
}

const processCalls = () => calls.filter((c) => c.url.endsWith("/process"));

describe("useUploadQueue", () => {
  it("takes a file through grant, PUT and process to done", async () => {
    const { result: hook } = setup();
    act(() => hook.current.addFiles([png()], ["en"]));
    await waitFor(() => expect(hook.current.entries[0]?.stage).toBe("done"));

    const entry = hook.current.entries[0];
    expect(entry?.meta?.trace_id).toBe("trace-1");
    expect(hook.current.resultOf(entry?.id ?? "")?.data).toMatchObject({ text: "Hello" });
    // The file's name and size go once, with the grant.
    expect(calls[0]).toMatchObject({
      url: `/api/categories/${CATEGORY}/uploads`,
      body: { contentType: "image/png", fileName: "scan.png", size: PNG.length },
    });
    expect(puts).toEqual([{ url: "http://storage.test/obj1", contentType: "image/png" }]);
    const reported = calls.find((c) => c.url.endsWith("/uploaded"));
    expect(reported?.url).toBe("/api/runs/uploads%2Fc%2Fobj1.png/uploaded");
    expect(reported?.body).toBeUndefined();
    expect(processCalls()[0]?.body).toEqual({
      document: "s3://b/uploads/c/obj1.png",
      mimeType: "image/png",
      languageHints: ["en"],
      // An image is one page: a short document, processed without a job.
      pages: 1,
    });
  });

  it("has the answer by the render that shows the row done", async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    // Whether each render that shows the row done could draw its result.
    const drawable: boolean[] = [];
    const { result: hook } = renderHook(
      () => {
        const queue = useUploadQueue({
          categoryId: CATEGORY,
          accepted: DEFAULT_ACCEPTED_TYPES,
          maxBytes: DEFAULT_MAX_BYTES,
        });
        const entry = queue.entries[0];
        if (entry?.stage === "done") drawable.push(queue.resultOf(entry.id) !== undefined);
        return queue;
      },
      { wrapper },
    );
    act(() => hook.current.addFiles([png()]));
    await waitFor(() => expect(hook.current.entries[0]?.stage).toBe("done"));
    expect(drawable.length).toBeGreaterThan(0);
    expect(drawable.every(Boolean)).toBe(true);
  });

  it("refuses a file that fails the checks without asking for a grant", async () => {
    const { result: hook } = setup();
    act(() => hook.current.addFiles([new File(["plain text"], "notes.png")]));
    await waitFor(() => expect(hook.current.entries[0]?.stage).toBe("failed"));
    expect(hook.current.entries[0]?.failure?.code).toBe("file_type");
    expect(hook.current.canRetry(hook.current.entries[0] ?? ({} as never))).toBe(false);
    expect(calls).toEqual([]);
  });

  it("renews an expired grant by itself and uploads to the new one", async () => {
    putAnswers = [
      {
        status: 403,
        body: "<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>",
      },
    ];
    const { result: hook } = setup();
    act(() => hook.current.addFiles([png()]));
    await waitFor(() => expect(hook.current.entries[0]?.stage).toBe("done"));
    expect(puts.map((p) => p.url)).toEqual([
      "http://storage.test/obj1",
      "http://storage.test/obj2",
    ]);
    expect(processCalls()[0]?.body?.document).toBe("s3://b/uploads/c/obj2.png");
  });

  it("retries a call with an unknown outcome with the same Idempotency-Key, without uploading again", async () => {
    // The app's handler stopped waiting (no trace id): the first call may still run.
    processAnswers = [{ status: 504, body: { code: "timeout", message: "Too long." } }];
    const { result: hook } = setup();
    act(() => hook.current.addFiles([png()]));
    await waitFor(() => expect(hook.current.entries[0]?.stage).toBe("failed"));
    const failed = hook.current.entries[0];
    expect(failed?.failure?.code).toBe("timeout");
    expect(failed && hook.current.canRetry(failed)).toBe(true);

    act(() => hook.current.retry(failed?.id ?? ""));
    await waitFor(() => expect(hook.current.entries[0]?.stage).toBe("done"));
    const keys = processCalls().map((c) => c.headers.get("Idempotency-Key"));
    expect(keys).toEqual([failed?.idempotencyKey, failed?.idempotencyKey]);
    expect(puts).toHaveLength(1);
  });

  it("retries a run every provider failed with a new key (the old one would replay the 502)", async () => {
    processAnswers = [
      { status: 502, body: { code: "providers_failed", message: "All failed.", traceId: "t-bad" } },
    ];
    const { result: hook } = setup();
    act(() => hook.current.addFiles([png()]));
    await waitFor(() => expect(hook.current.entries[0]?.stage).toBe("failed"));
    const failed = hook.current.entries[0];
    expect(failed?.failure).toMatchObject({ code: "providers_failed", traceId: "t-bad" });

    act(() => hook.current.retry(failed?.id ?? ""));
    await waitFor(() => expect(hook.current.entries[0]?.stage).toBe("done"));
    const keys = processCalls().map((c) => c.headers.get("Idempotency-Key"));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(failed?.idempotencyKey);
    expect(keys[1]).not.toBe(keys[0]);
    expect(hook.current.entries[0]?.idempotencyKey).toBe(keys[1]);
    expect(puts).toHaveLength(1);
  });

  it("gives each file its own key", async () => {
    const { result: hook } = setup();
    act(() => hook.current.addFiles([png("a.png"), png("b.png")]));
    await waitFor(() => expect(hook.current.entries.every((e) => e.stage === "done")).toBe(true));
    const keys = new Set(processCalls().map((c) => c.headers.get("Idempotency-Key")));
    expect(keys.size).toBe(2);
  });

  it("never runs more than two files at once", async () => {
    const { result: hook } = setup();
    let most = 0;
    act(() => hook.current.addFiles([png("a.png"), png("b.png"), png("c.png"), png("d.png")]));
    await waitFor(() => {
      const running = hook.current.entries.filter((e) =>
        ["granting", "uploading", "processing"].includes(e.stage),
      ).length;
      most = Math.max(most, running);
      expect(hook.current.entries.every((e) => e.stage === "done")).toBe(true);
    });
    expect(most).toBeLessThanOrEqual(2);
    expect(processCalls()).toHaveLength(4);
  });

  it("after a refresh, processes a stored file again with the same key", async () => {
    const first = setup();
    processAnswers = [
      { status: 503, body: { code: "service_busy", message: "Busy.", retryAfterSeconds: 600 } },
    ];
    act(() => first.result.current.addFiles([png()]));
    await waitFor(() => expect(first.result.current.entries[0]?.stage).toBe("failed"));
    const key = first.result.current.entries[0]?.idempotencyKey;
    // Pretend the page went away while the call was running.
    const stored = JSON.parse(window.sessionStorage.getItem(storageKey(CATEGORY)) ?? "{}");
    stored.entries[0].stage = "processing";
    window.sessionStorage.setItem(storageKey(CATEGORY), JSON.stringify(stored));
    first.unmount();

    const second = setup();
    await waitFor(() => expect(second.result.current.entries[0]?.stage).toBe("done"));
    expect(processCalls().at(-1)?.headers.get("Idempotency-Key")).toBe(key);
    expect(puts).toHaveLength(1);
  });

  describe("a long document sent as a job", () => {
    it("follows it page by page, asking only for new pages, to done", async () => {
      processAnswers = [{ status: 202, body: { job: job("queued", 0) } }];
      jobAnswers = [
        job("running", 1),
        job("running", 3, 2),
        job("succeeded", 4, 5, { result: result(RUN) }),
      ];
      const { result: hook } = setup();
      act(() => hook.current.addFiles([png()]));
      await waitFor(() => expect(hook.current.entries[0]?.job?.pagesDone).toBe(3), {
        timeout: 5000,
      });
      const entry = hook.current.entries[0];
      expect(entry?.stage).toBe("processing");
      expect(hook.current.jobOf(entry?.id ?? "")?.pages.map((p) => p.text)).toEqual([
        "Text of page 1",
        "Text of page 2",
        "Text of page 3",
      ]);
      await waitFor(() => expect(hook.current.entries[0]?.stage).toBe("done"), { timeout: 5000 });
      expect(hook.current.resultOf(entry?.id ?? "")?.meta.trace_id).toBe(RUN);
      const reads = calls.filter((c) => c.url.includes("/job")).map((c) => c.url);
      expect(reads.slice(0, 3)).toEqual([
        `/api/runs/${RUN}/job?after=0`,
        `/api/runs/${RUN}/job?after=1`,
        `/api/runs/${RUN}/job?after=3`,
      ]);
    });

    it("cancels it, and a retry is a new submission with a new key", async () => {
      processAnswers = [{ status: 202, body: { job: job("queued", 0) } }];
      jobAnswers = [job("running", 2)];
      const { result: hook } = setup();
      act(() => hook.current.addFiles([png()]));
      await waitFor(() => expect(hook.current.entries[0]?.job?.pagesDone).toBe(2), {
        timeout: 5000,
      });
      const entry = hook.current.entries[0];
      act(() => hook.current.cancelJob(entry?.id ?? ""));
      await waitFor(() => expect(hook.current.entries[0]?.stage).toBe("cancelled"));
      expect(calls.some((c) => c.url === `/api/runs/${RUN}/job`)).toBe(true);
      const cancelled = hook.current.entries[0];
      expect(cancelled && hook.current.canRetry(cancelled)).toBe(true);
      act(() => hook.current.retry(cancelled?.id ?? ""));
      await waitFor(() => expect(hook.current.entries[0]?.stage).toBe("done"));
      const keys = processCalls().map((c) => c.headers.get("Idempotency-Key"));
      expect(keys).toHaveLength(2);
      expect(keys[1]).not.toBe(keys[0]);
    });

    it("after a refresh, reads the job on without sending the document again", async () => {
      const first = setup();
      processAnswers = [{ status: 202, body: { job: job("queued", 0) } }];
      jobAnswers = [job("running", 1)];
      act(() => first.result.current.addFiles([png()]));
      await waitFor(() => expect(first.result.current.entries[0]?.job?.pagesDone).toBe(1), {
        timeout: 5000,
      });
      first.unmount();
      jobAnswers = [job("succeeded", 4, 5, { result: result(RUN) })];
      const second = setup();
      await waitFor(() => expect(second.result.current.entries[0]?.stage).toBe("done"), {
        timeout: 5000,
      });
      expect(processCalls()).toHaveLength(1);
      expect(puts).toHaveLength(1);
    });
  });
});
