// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProcessAnswer } from "@/lib/api/documents";
import { DocumentUploader } from "./document-uploader";

// The result view as the session sees it: when its chunk was asked for, and what it was given.
const view = vi.hoisted(() => ({ requestedAt: [] as string[] }));
vi.mock("@/components/result/result-view", () => {
  view.requestedAt.push(document.querySelector("[data-stage]")?.getAttribute("data-stage") ?? "");
  return {
    ResultView: ({ result }: { result: ProcessAnswer }) => (
      <pre data-testid="recognised-text">{String(result.data.text)}</pre>
    ),
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);

function renderUploader() {
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <DocumentUploader categoryId="c1" categoryName="Text recognition" />
      </QueryClientProvider>
    </StrictMode>,
  );
}

const addFiles = (files: File[]) =>
  fireEvent.change(screen.getByLabelText("Choose documents to upload"), { target: { files } });

describe("UploadSession (the engine, fetched on demand)", () => {
  it("adds each waiting file once, under the drop zone, even when effects run twice", async () => {
    renderUploader();
    // Text calling itself PNG: refused by the file check, so nothing goes to the network.
    addFiles(["a.png", "b.png"].map((name) => new File(["x"], name, { type: "image/png" })));
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

  it("fetches the result view while the file uploads, and shows the text as the answer arrives", async () => {
    const process: { answer?: (response: Response) => void } = {};
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url.endsWith("/uploads")) {
          return Response.json({
            expiresIn: 900,
            objectKey: "uploads/c/obj.png",
            s3Uri: "s3://b/uploads/c/obj.png",
            uploadUrl: "http://storage.test/obj",
          });
        }
        if (url.endsWith("/uploaded")) return new Response(null, { status: 204 });
        // The process call: answered when the test says so.
        return new Promise<Response>((resolve) => {
          process.answer = resolve;
        });
      }),
    );
    vi.stubGlobal(
      "XMLHttpRequest",
      class {
        status = 0;
        responseText = "";
        upload = { onprogress: null };
        onload: (() => void) | null = null;
        open() {}
        setRequestHeader() {}
        getResponseHeader() {
          return null;
        }
        abort() {}
        send() {
          setTimeout(() => {
            this.status = 200;
            this.onload?.();
          }, 1);
        }
      },
    );
    renderUploader();
    addFiles([new File([PNG], "memo.png", { type: "image/png" })]);
    await vi.waitFor(() => expect(process.answer).toBeDefined(), { timeout: 5000 });
    await vi.waitFor(() =>
      expect(screen.getByTestId("upload-row").getAttribute("data-stage")).toBe("processing"),
    );
    // Asked for before the answer, not after it.
    expect(view.requestedAt.length).toBe(1);
    expect(view.requestedAt[0]).not.toBe("done");

    process.answer?.(
      Response.json({
        kind: "ocr",
        data: { text: "Dear Ms. Alvarez,", language: "eng", pages: [] },
        meta: { estimated_cost: 0.0015, failover_depth: 0, latency_ms: 120, trace_id: "t-1" },
      }),
    );
    await vi.waitFor(() =>
      expect(screen.getByTestId("upload-row").getAttribute("data-stage")).toBe("done"),
    );
    // In the same render as the row's "done": no "Loading the result…" in between.
    expect(screen.getByTestId("recognised-text").textContent).toBe("Dear Ms. Alvarez,");
    expect(screen.queryByText("Loading the result…")).toBeNull();
  });
});
