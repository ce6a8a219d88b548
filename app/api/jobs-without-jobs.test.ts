import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Grant } from "@/lib/api/documents";
import { useAppEnvironment } from "@/lib/testing/app-env";
import { jar } from "@/lib/testing/cookie-jar";
import { startService, type TestService } from "@/service/test/helpers";
import { pageReader, pagesPdf, readersRouter } from "@/service/test/job-helpers";
import { PDF } from "@/service/test/process-helpers";

vi.mock("next/headers", async () => (await import("@/lib/testing/cookie-jar")).nextHeaders);

type Handler = (
  request: Request,
  context: { params: Promise<{ id: string }> },
) => Promise<Response>;
let svc: TestService;
let grantRoute: Handler;
let processRoute: Handler;
let readJob: Handler;
const buyer = new Map<string, string>();

beforeAll(async () => {
  // No jobsConfig: this service has no jobs at all.
  svc = await startService({ router: readersRouter([pageReader("pages")]) });
  await useAppEnvironment(svc.url, svc.key);
  grantRoute = (await import("./categories/[id]/uploads/route")).POST;
  processRoute = (await import("./categories/[id]/process/route")).POST;
  readJob = (await import("./runs/[id]/job/route")).GET;
}, 30_000);
afterAll(async () => {
  await svc?.close();
});

const post = (handler: Handler, route: string, body: unknown, headers = {}) => {
  jar.current = buyer;
  return handler(
    new Request(`http://app/api/categories/${PDF}/${route}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ id: PDF }) },
  );
};

describe("a service without jobs", () => {
  it("answers a long document synchronously, and the app records it as before", async () => {
    const bytes = pagesPdf(12, "Sync");
    const granted = await post(grantRoute, "uploads", { contentType: "application/pdf" });
    const grant = (await granted.json()) as Grant;
    const put = await fetch(grant.uploadUrl, {
      method: "PUT",
      headers: { "Content-Type": "application/pdf" },
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);

    // The browser counted 12 pages: the app asks for a job, and this service ignores it.
    const response = await post(
      processRoute,
      "process",
      { document: grant.s3Uri, mimeType: "application/pdf", pages: 12 },
      { "Idempotency-Key": "sync-key" },
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as {
      kind: string;
      data: { text: string };
      meta: { trace_id: string };
    };
    expect(answer.kind).toBe("ocr");
    expect(answer.data.text).toContain("Sync 12 of the document");

    const { getLedger } = await import("@/lib/ledger");
    const run = await (await getLedger()).findRun(answer.meta.trace_id);
    expect(run).toMatchObject({ status: "succeeded", job: null, httpStatus: 200 });

    // There is no job to read for it.
    jar.current = buyer;
    const read = await readJob(new Request(`http://app/api/runs/${answer.meta.trace_id}/job`), {
      params: Promise.resolve({ id: answer.meta.trace_id }),
    });
    expect(read.status).toBe(404);
  });
});
