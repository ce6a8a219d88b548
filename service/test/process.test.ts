// POST /v1/categories/{category_id}/process over real HTTP: every row of INTERFACE.md's
// service table that concerns processing, each error status and body shape.
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema, processResultSchema, validationErrorSchema } from "@/lib/kernel/contract";
import { writePdf } from "../../scripts/calibration/simple-pdf";
import { loadRunConfig } from "../src/config";
import type { RunConfig } from "../src/run/runner";
import { startService, type TestService } from "./helpers";
import {
  gate,
  OCR,
  PDF,
  processPath,
  requestGrant,
  SOON,
  type TestProvider,
  testProvider,
  testRouter,
  UNKNOWN,
  uploadBytes,
  uploadFixture,
} from "./process-helpers";

async function detail(res: Response) {
  expect(res.status).toBe(422);
  return validationErrorSchema.parse(await res.json()).detail;
}

describe("process", () => {
  let svc: TestService;
  let primary: TestProvider;
  let invoice: Awaited<ReturnType<typeof uploadFixture>>;

  beforeAll(async () => {
    primary = testProvider("primary", { pricePerPage: 0.0015, pages: 3 });
    svc = await startService({ router: testRouter([primary]) });
    invoice = await uploadFixture(svc, OCR, "invoice.png", "image/png");
  });
  afterAll(async () => {
    await svc?.close();
  });

  const post = (category: string, body: unknown, init?: RequestInit & { key?: string | null }) =>
    svc.postJson(processPath(category), body, init);

  describe("before the body is looked at", () => {
    it("answers 401 without a key or with a wrong one, even for a malformed path or body", async () => {
      for (const key of [null, "wrong-key"]) {
        for (const [category, body] of [
          [OCR, { input: { document: invoice.s3_uri, mime_type: "image/png" } }],
          ["not-a-uuid", { nope: 1 }],
          [UNKNOWN, "[broken"],
        ] as const) {
          const res = await post(category, body, { key });
          expect(res.status).toBe(401);
          expect(await res.json()).toEqual({ detail: "Invalid or missing API key" });
        }
      }
    });

    it("answers 422 uuid_parsing at path.category_id for a malformed id", async () => {
      const items = await detail(await post("not-a-uuid", { input: {} }));
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        type: "uuid_parsing",
        loc: ["path", "category_id"],
        input: "not-a-uuid",
      });
    });

    it("answers 404 for a well-formed id that names no category", async () => {
      const res = await post(UNKNOWN, {
        input: { document: invoice.s3_uri, mime_type: "image/png" },
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: "Category not found" });
    });

    it("answers 409 for a category that is coming soon", async () => {
      const res = await post(SOON, { input: { document: invoice.s3_uri, mime_type: "image/png" } });
      expect(res.status).toBe(409);
      const body = errorBodySchema.parse(await res.json());
      expect(body.detail).toMatch(/coming soon/i);
    });
  });

  describe("answers", () => {
    it("returns data and meta for an uploaded image, with X-Request-Id = meta.trace_id", async () => {
      const before = primary.calls.length;
      const res = await post(OCR, {
        input: {
          document: invoice.s3_uri,
          mime_type: "image/png",
          language_hints: ["eng"],
          dpi_hint: 300,
        },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      const body = processResultSchema.parse(await res.json());
      expect(body.data.text).toBe("read by primary");
      expect(body.meta).toMatchObject({
        estimated_cost: 0.0045,
        failover_depth: 0,
        provider: "primary",
        pages: 3,
        attempts: [{ provider: "primary", outcome: "ok" }],
      });
      expect(body.meta.trace_id).toMatch(/^[0-9a-f]{32}$/);
      expect(res.headers.get("x-request-id")).toBe(body.meta.trace_id);
      expect(body.meta.latency_ms).toBeGreaterThan(0);
      expect(res.headers.get("idempotent-replayed")).toBeNull();

      expect(primary.calls).toHaveLength(before + 1);
      const call = primary.calls.at(-1);
      expect(call?.bytes.equals(invoice.bytes)).toBe(true);
      expect(call?.mimeType).toBe("image/png");
      expect(call?.languageHints).toEqual(["eng"]);
      expect(call?.passthrough).toEqual({ dpi_hint: 300 });
      expect(call?.traceId).toBe(body.meta.trace_id);
    });

    it("continues an incoming traceparent", async () => {
      const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
      const res = await post(
        OCR,
        { input: { document: invoice.s3_uri, mime_type: "image/png" } },
        { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } },
      );
      expect(res.status).toBe(200);
      expect(processResultSchema.parse(await res.json()).meta.trace_id).toBe(traceId);
      expect(res.headers.get("x-request-id")).toBe(traceId);
    });

    it("takes a JPEG, and mime_type with parameters or in another case", async () => {
      const letter = await uploadFixture(svc, OCR, "letter.jpg", "image/jpeg");
      const res = await post(OCR, {
        input: { document: letter.s3_uri, mime_type: "Image/JPEG; charset=binary" },
      });
      expect(res.status).toBe(200);
      expect(primary.calls.at(-1)?.mimeType).toBe("image/jpeg");
    });

    it("takes the object key as a top-level input_ref, alone or naming the same object", async () => {
      const alone = await post(OCR, {
        input: { mime_type: "image/png" },
        input_ref: invoice.object_key,
      });
      expect(alone.status).toBe(200);
      const both = await post(OCR, {
        input: { document: invoice.s3_uri, mime_type: "image/png" },
        input_ref: invoice.object_key,
      });
      expect(both.status).toBe(200);
    });
  });

  describe("validation", () => {
    it("reports a missing body, a body that is not an object, and broken JSON", async () => {
      const none = await svc.fetch(processPath(OCR), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
      });
      expect(await detail(none)).toEqual([
        { type: "missing", loc: ["body"], msg: "Field required", input: null, ctx: {} },
      ]);

      const list = await detail(await post(OCR, [1, 2]));
      expect(list).toMatchObject([{ type: "dict_type", loc: ["body"] }]);

      const broken = await svc.fetch(processPath(OCR), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: '{"input": {',
      });
      expect((await detail(broken))[0]).toMatchObject({
        type: "json_invalid",
        loc: ["body", expect.any(Number)],
      });
    });

    it("reports a missing input and an input that is not an object", async () => {
      expect(await detail(await post(OCR, {}))).toMatchObject([
        { type: "missing", loc: ["body", "input"], msg: "Field required" },
      ]);
      expect(await detail(await post(OCR, { input: "s3://x" }))).toMatchObject([
        { type: "dict_type", loc: ["body", "input"], input: "s3://x" },
      ]);
    });

    it("reports every invalid field at once, header included", async () => {
      const items = await detail(
        await post(
          OCR,
          { input: { mime_type: 42, language_hints: ["eng", "not a code!", 7] }, input_ref: 5 },
          { headers: { "Idempotency-Key": "k".repeat(256) } },
        ),
      );
      const at = items.map((i) => [i.loc.join("."), i.type]);
      expect(at).toEqual(
        expect.arrayContaining([
          ["header.idempotency-key", "string_too_long"],
          ["body.input.mime_type", "string_type"],
          ["body.input.language_hints.1", "value_error"],
          ["body.input.language_hints.2", "string_type"],
          ["body.input_ref", "string_type"],
        ]),
      );
      // Header first, as FastAPI orders them.
      expect(items[0]?.loc).toEqual(["header", "idempotency-key"]);
      for (const item of items) {
        expect(item.msg).not.toBe("");
        expect(item.ctx).toBeTypeOf("object");
      }
    });

    it("refuses a hint for a language that is not installed, naming the installed ones", async () => {
      const calls = primary.calls.length;
      const items = await detail(
        await post(OCR, {
          input: {
            document: invoice.s3_uri,
            mime_type: "image/png",
            // Polish, Czech (by its ISO 639-2/B code) and Turkish are read; Japanese and Klingon not.
            language_hints: ["de-DE", "ja", "eng", "ger", "tlh", "pl-PL", "cze", "tr"],
          },
        }),
      );
      const expected =
        "'af', 'az', 'bs', 'ca', 'cs', 'cy', 'da', 'de', 'en', 'eo', 'es', 'et', 'eu', 'fi', 'fr', " +
        "'ga', 'gl', 'hr', 'ht', 'hu', 'id', 'is', 'it', 'jv', 'la', 'lb', 'lt', 'lv', 'mi', 'ms', " +
        "'mt', 'nl', 'no', 'pl', 'pt', 'qu', 'ro', 'sk', 'sl', 'sq', 'su', 'sv', 'sw', 'tr', 'uz', " +
        "'vi' or 'yo'";
      expect(items).toEqual([
        {
          type: "literal_error",
          loc: ["body", "input", "language_hints", 1],
          msg: `Input should be ${expected}`,
          input: "ja",
          ctx: { expected },
        },
        {
          type: "literal_error",
          loc: ["body", "input", "language_hints", 4],
          msg: `Input should be ${expected}`,
          input: "tlh",
          ctx: { expected },
        },
      ]);
      expect(primary.calls).toHaveLength(calls);
    });

    it("requires input.document (unless input_ref is given) and input.mime_type", async () => {
      const items = await detail(await post(OCR, { input: {} }));
      expect(items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: "missing", loc: ["body", "input", "document"] }),
          expect.objectContaining({ type: "missing", loc: ["body", "input", "mime_type"] }),
        ]),
      );
      expect(items).toHaveLength(2);
    });

    it("refuses input_ref and input.document that name different objects", async () => {
      const other = await uploadFixture(svc, OCR, "letter.png", "image/png");
      const items = await detail(
        await post(OCR, {
          input: { document: invoice.s3_uri, mime_type: "image/png" },
          input_ref: other.object_key,
        }),
      );
      expect(items).toMatchObject([
        { type: "value_error", loc: ["body", "input_ref"], input: other.object_key },
      ]);
      expect(items[0]?.msg).toMatch(/different objects/);
    });

    it("refuses a mime_type the category does not take, listing what it takes", async () => {
      const items = await detail(
        await post(OCR, { input: { document: invoice.s3_uri, mime_type: "text/plain" } }),
      );
      expect(items).toMatchObject([
        { type: "literal_error", loc: ["body", "input", "mime_type"], input: "text/plain" },
      ]);
      expect(String(items[0]?.ctx?.expected)).toContain("'image/png'");
    });
  });

  describe("the document reference", () => {
    const expectDocumentError = async (res: Response, pattern: RegExp, input: unknown) => {
      const items = await detail(res);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        type: "value_error",
        loc: ["body", "input", "document"],
        input,
      });
      expect(items[0]?.msg).toMatch(pattern);
    };

    it("refuses a document that was granted but never uploaded, saying to PUT it first", async () => {
      const grant = await requestGrant(svc, OCR, "image/png");
      const res = await post(OCR, { input: { document: grant.s3_uri, mime_type: "image/png" } });
      await expectDocumentError(
        res,
        /nothing has been uploaded.*PUT the file to the upload_url/i,
        grant.s3_uri,
      );
    });

    it("refuses a document uploaded for another category, saying to upload it for this one", async () => {
      const pdf = await uploadFixture(svc, PDF, "text-layer.pdf", "application/pdf");
      const res = await post(OCR, {
        input: { document: pdf.s3_uri, mime_type: "application/pdf" },
      });
      await expectDocumentError(res, /uploaded for another category.*\/uploads/i, pdf.s3_uri);
    });

    it("refuses a document that is not an upload of this service", async () => {
      const foreignBucket = `s3://someone-elses-bucket/${invoice.object_key}`;
      await expectDocumentError(
        await post(OCR, { input: { document: foreignBucket, mime_type: "image/png" } }),
        /s3_uri of an upload of this service/,
        foreignBucket,
      );
      const unknownKey = `s3://${svc.store.bucket}/uploads/${OCR}/AAAAAAAAAAAAAAAAAAAAAA.png`;
      await expectDocumentError(
        await post(OCR, { input: { document: unknownKey, mime_type: "image/png" } }),
        /not an upload of this service.*\/uploads/i,
        unknownKey,
      );
      await expectDocumentError(
        await post(OCR, {
          input: { document: "https://example.com/a.png", mime_type: "image/png" },
        }),
        /s3_uri/,
        "https://example.com/a.png",
      );
    });

    it("refuses an input_ref that is not an upload of this service, at body.input_ref", async () => {
      const items = await detail(
        await post(OCR, { input: { mime_type: "image/png" }, input_ref: "uploads/x/y.png" }),
      );
      expect(items).toMatchObject([
        { type: "value_error", loc: ["body", "input_ref"], input: "uploads/x/y.png" },
      ]);
    });

    it("refuses a mime_type other than the one granted", async () => {
      const items = await detail(
        await post(OCR, { input: { document: invoice.s3_uri, mime_type: "image/jpeg" } }),
      );
      expect(items).toMatchObject([
        { type: "value_error", loc: ["body", "input", "mime_type"], input: "image/jpeg" },
      ]);
      expect(items[0]?.msg).toMatch(/uploaded as image\/png.*Send mime_type "image\/png"/);
    });

    it("refuses bytes that are not what they claim (magic bytes), without calling a provider", async () => {
      const fake = await uploadFixture(svc, OCR, "not-an-image.png", "image/png");
      const before = primary.calls.length;
      const items = await detail(
        await post(OCR, { input: { document: fake.s3_uri, mime_type: "image/png" } }),
      );
      expect(items).toMatchObject([
        { type: "value_error", loc: ["body", "input", "mime_type"], input: "image/png" },
      ]);
      expect(items[0]?.msg).toMatch(/uploaded bytes are not image\/png.*could not be recognised/);
      expect(primary.calls).toHaveLength(before);
    });
  });
});

describe("process with short-lived grants and a low rate limit", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startService({
      router: testRouter([testProvider("quick")]),
      env: { UPLOAD_URL_TTL_SECONDS: "1", RATE_LIMIT_PER_MINUTE: "4" },
    });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("says to request a new upload URL when nothing was uploaded before it expired", async () => {
    const grant = await requestGrant(svc, OCR, "image/png");
    await new Promise((r) => setTimeout(r, 1_100));
    const items = await detail(
      await svc.postJson(processPath(OCR), {
        input: { document: grant.s3_uri, mime_type: "image/png" },
      }),
    );
    expect(items).toMatchObject([{ type: "value_error", loc: ["body", "input", "document"] }]);
    expect(items[0]?.msg).toMatch(/upload URL has expired\. Request a new upload URL/);
  });

  it("answers 429 with Retry-After past the API key's rate limit", async () => {
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await svc.postJson(processPath(OCR), { input: {} });
      if (last.status === 429) break;
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(errorBodySchema.parse(await last?.json()).detail).toMatch(/rate limit/i);
  });
});

describe("process for PDF text extraction", () => {
  let svc: TestService;
  let pdfProvider: TestProvider;
  beforeAll(async () => {
    pdfProvider = testProvider("pdf-test", { pricePerPage: 0.0002 });
    svc = await startService({ router: testRouter([pdfProvider]) });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it.each(["text-layer.pdf", "scanned.pdf"])(
    "hands %s to the provider as application/pdf",
    async (name) => {
      const pdf = await uploadFixture(svc, PDF, name, "application/pdf");
      const res = await svc.postJson(processPath(PDF), {
        input: { document: pdf.s3_uri, mime_type: "application/pdf" },
      });
      expect(res.status).toBe(200);
      const body = processResultSchema.parse(await res.json());
      expect(body.meta.estimated_cost).toBe(0.0002);
      expect(pdfProvider.calls.at(-1)?.bytes.equals(pdf.bytes)).toBe(true);
      expect(pdfProvider.calls.at(-1)?.mimeType).toBe("application/pdf");
    },
  );

  it("refuses an image declared as a PDF by its magic bytes", async () => {
    // The grant says application/pdf, the bytes are a PNG.
    const grant = await requestGrant(svc, PDF, "application/pdf");
    const png = (await uploadFixture(svc, OCR, "invoice.png", "image/png")).bytes;
    const put = await fetch(grant.upload_url, {
      method: "PUT",
      headers: { "Content-Type": "application/pdf" },
      body: new Uint8Array(png),
    });
    expect(put.status).toBe(200);
    const items = await detail(
      await svc.postJson(processPath(PDF), {
        input: { document: grant.s3_uri, mime_type: "application/pdf" },
      }),
    );
    expect(items[0]?.msg).toMatch(/not application\/pdf: they look like image\/png/);
  });
});

/** A black-and-white PNG of `width` × `height` white pixels: a few KiB for any size. */
function blankPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4); // not checked by the size check (header only)
    return Buffer.concat([length, Buffer.from(type, "latin1"), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth 1, grey
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // no filter
  const rows = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("documents over the page and pixel limits (422 before any provider)", () => {
  let svc: TestService;
  let provider: TestProvider;
  const letter = { mediaBox: [0, 0, 612, 792], content: "" } as const;
  beforeAll(async () => {
    provider = testProvider("reader");
    svc = await startService({
      router: testRouter([provider]),
      runConfig: { ...loadRunConfig({}), maxPdfPages: 3 },
    });
  });
  afterAll(async () => {
    await svc?.close();
  });

  const refused = async (category: string, bytes: Buffer, mimeType: string) => {
    const doc = await uploadBytes(svc, category, bytes, mimeType);
    const before = provider.calls.length;
    const items = await detail(
      await svc.postJson(processPath(category), {
        input: { document: doc.s3_uri, mime_type: mimeType },
      }),
    );
    expect(items).toMatchObject([{ type: "value_error", loc: ["body", "input", "document"] }]);
    expect(provider.calls).toHaveLength(before);
    return items[0]?.msg;
  };

  it("refuses an image of more than 40 megapixels from its header", async () => {
    expect(await refused(OCR, blankPng(20_000, 20_000), "image/png")).toMatch(
      /the image is 20000 × 20000 pixels \(400 megapixels\); this service reads images up to 40 megapixels\. Scale it down/,
    );
  });

  it("refuses a PDF with more pages than MAX_PDF_PAGES, saying to split it", async () => {
    expect(
      await refused(PDF, writePdf([letter, letter, letter, letter]), "application/pdf"),
    ).toMatch(/the PDF has 4 pages; this service reads up to 3 pages of one document\. Split it/);
  });

  it("refuses a PDF page too large to read, measured on the CropBox that is drawn", async () => {
    const poster = { mediaBox: [0, 0, 14_400, 14_400], content: "" } as const;
    expect(await refused(PDF, writePdf([letter, poster]), "application/pdf")).toMatch(
      /page 2 of the PDF is 508 × 508 cm; this service reads pages up to 161 × 161 cm/,
    );
  });

  it("reads documents within the limits, and a small CropBox on a huge MediaBox", async () => {
    const cropped = {
      mediaBox: [0, 0, 14_400, 14_400],
      cropBox: [0, 0, 612, 792],
      content: "",
    } as const;
    for (const [category, bytes, mimeType] of [
      [OCR, blankPng(6000, 6000), "image/png"],
      [PDF, writePdf([letter, letter, cropped]), "application/pdf"],
    ] as const) {
      const doc = await uploadBytes(svc, category, bytes, mimeType);
      const res = await svc.postJson(processPath(category), {
        input: { document: doc.s3_uri, mime_type: mimeType },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }
  });
});

describe("routing outcomes", () => {
  it("answers from the next provider when the first fails, and says so in meta", async () => {
    const down = testProvider("down", { fail: true, pricePerPage: 0.001 });
    const backup = testProvider("backup", { pricePerPage: 0.001 });
    const svc = await startService({ router: testRouter([down, backup]) });
    try {
      const doc = await uploadFixture(svc, OCR, "invoice.png", "image/png");
      const res = await svc.postJson(processPath(OCR), {
        input: { document: doc.s3_uri, mime_type: "image/png" },
      });
      expect(res.status).toBe(200);
      const { meta } = processResultSchema.parse(await res.json());
      expect(meta).toMatchObject({ failover_depth: 1, provider: "backup", estimated_cost: 0.001 });
      expect(meta.attempts).toMatchObject([
        { provider: "down", outcome: "error", error: "down is down" },
        { provider: "backup", outcome: "ok" },
      ]);

      const metrics = await (await svc.metrics()).text();
      expect(metrics).toMatch(
        /docroute_failovers_total\{category="text-recognition",provider="backup"\} [1-9]/,
      );
      expect(metrics).toMatch(
        /docroute_provider_attempts_total\{category="text-recognition",provider="down",outcome="error"\} [1-9]/,
      );
      expect(metrics).toMatch(
        /docroute_process_requests_total\{category="text-recognition",outcome="ok"\} [1-9]/,
      );
    } finally {
      await svc.close();
    }
  });

  it("answers 502 with trace_id, failover_depth and attempts when every provider fails", async () => {
    const svc = await startService({
      router: testRouter([testProvider("a", { fail: true }), testProvider("b", { fail: true })]),
    });
    try {
      const doc = await uploadFixture(svc, OCR, "invoice.png", "image/png");
      const res = await svc.postJson(processPath(OCR), {
        input: { document: doc.s3_uri, mime_type: "image/png" },
      });
      expect(res.status).toBe(502);
      const body = await res.json();
      expect(Object.keys(body).sort()).toEqual([
        "attempts",
        "detail",
        "failover_depth",
        "trace_id",
      ]);
      expect(body).toMatchObject({
        detail: "All providers failed",
        failover_depth: 2,
        attempts: [
          { provider: "a", outcome: "error", error: "a is down" },
          { provider: "b", outcome: "error", error: "b is down" },
        ],
      });
      expect(res.headers.get("x-request-id")).toBe(body.trace_id);
      const metrics = await (await svc.metrics()).text();
      expect(metrics).toMatch(
        /docroute_process_requests_total\{category="text-recognition",outcome="all_failed"\} [1-9]/,
      );
    } finally {
      await svc.close();
    }
  });

  it("answers 504 with the same shape when the deadline passes", async () => {
    const svc = await startService({
      router: testRouter([testProvider("slow", { delayMs: 5_000 })], { deadlineMs: 200 }),
    });
    try {
      const doc = await uploadFixture(svc, OCR, "invoice.png", "image/png");
      const started = Date.now();
      const res = await svc.postJson(processPath(OCR), {
        input: { document: doc.s3_uri, mime_type: "image/png" },
      });
      expect(res.status).toBe(504);
      expect(Date.now() - started).toBeLessThan(3_000);
      const body = errorBodySchema.parse(await res.json());
      expect(body).toMatchObject({
        failover_depth: 1,
        attempts: [{ provider: "slow", outcome: "timeout" }],
      });
      expect(typeof body.detail).toBe("string");
      expect(res.headers.get("x-request-id")).toBe(body.trace_id);
    } finally {
      await svc.close();
    }
  });
});

describe("work queue", () => {
  const queueConfig = (overrides: Partial<RunConfig>): RunConfig => ({
    ...loadRunConfig({}),
    ...overrides,
  });

  it("answers 503 with Retry-After when the queue is full, and serves again once it drains", async () => {
    const held = gate();
    const provider = testProvider("held", { gate: held.promise });
    const svc = await startService({
      router: testRouter([provider]),
      runConfig: queueConfig({ workConcurrency: 1, workQueueMax: 1 }),
    });
    try {
      const doc = await uploadFixture(svc, OCR, "invoice.png", "image/png");
      const body = { input: { document: doc.s3_uri, mime_type: "image/png" } };
      const running = svc.postJson(processPath(OCR), body);
      await expect.poll(() => provider.calls.length).toBe(1);
      const waiting = svc.postJson(processPath(OCR), body);
      // Give the second request time to take the one place in the queue.
      await new Promise((r) => setTimeout(r, 100));

      const refused = await Promise.all([1, 2, 3].map(() => svc.postJson(processPath(OCR), body)));
      for (const res of refused) {
        expect(res.status).toBe(503);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        const refusal = errorBodySchema.parse(await res.json());
        expect(refusal.detail).toMatch(
          /busy: 1 documents are being processed and 1 are waiting.*retry after \d+ s/,
        );
      }

      held.open();
      expect((await running).status).toBe(200);
      expect((await waiting).status).toBe(200);
      expect(provider.calls).toHaveLength(2);
      expect((await svc.postJson(processPath(OCR), body)).status).toBe(200);
    } finally {
      held.open();
      await svc.close();
    }
  });

  it("answers 503 to a request that waited too long for a worker, instead of hanging", async () => {
    const held = gate();
    const provider = testProvider("held", { gate: held.promise });
    const svc = await startService({
      router: testRouter([provider]),
      runConfig: queueConfig({ workConcurrency: 1, workQueueMax: 8, workQueueWaitMs: 300 }),
    });
    try {
      const doc = await uploadFixture(svc, OCR, "invoice.png", "image/png");
      const body = { input: { document: doc.s3_uri, mime_type: "image/png" } };
      const running = svc.postJson(processPath(OCR), body);
      await expect.poll(() => provider.calls.length).toBe(1);

      const started = Date.now();
      const late = await svc.postJson(processPath(OCR), body, {
        headers: { "Idempotency-Key": "waited" },
      });
      expect(late.status).toBe(503);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(late.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(errorBodySchema.parse(await late.json()).detail).toMatch(
        /no worker became free within 0.3 s/,
      );

      held.open();
      expect((await running).status).toBe(200);
      // The refusal was not stored: the same key runs now.
      const retry = await svc.postJson(processPath(OCR), body, {
        headers: { "Idempotency-Key": "waited" },
      });
      expect(retry.status).toBe(200);
      expect(retry.headers.get("idempotent-replayed")).toBeNull();
      expect(provider.calls).toHaveLength(2);
    } finally {
      held.open();
      await svc.close();
    }
  });
});
