// The browser's zod/mini schemas (mini.ts) against the contract's classic ones
// (index.ts): for valid answers, near-valid ones with one field broken, and
// anything at all, both must agree on success, on the data they return, and on
// where and why they refuse (issue code and path; mini has no English
// messages loaded, so the words differ).
import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import type * as zc from "zod";
import type * as zm from "zod/mini";
import * as classic from "./index";
import * as mini from "./mini";

type Pair = [name: string, classic: zc.ZodType, mini: zm.ZodMiniType];

const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(0, 1, -1, 0.5, 1.5, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY),
  fc.constantFrom("", "s3://", "S3://b/k", "x"),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
);
/** Mostly the right kind of value, sometimes anything else. */
const field = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: junk, weight: 1 });
const num = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, 1, 0.25, -0.5, 1.0000001, 3),
);
const int = fc.oneof(fc.integer(), fc.constantFrom(0, 2 ** 53, -(2 ** 53), 1.5));
const unit = fc.oneof(
  { arbitrary: fc.double({ min: 0, max: 1, noNaN: true }), weight: 6 },
  { arbitrary: fc.constantFrom(0, 1, -0.1, 1.1, 1.5, -(2 ** -20)), weight: 1 },
);
const extras = fc.dictionary(
  fc.constantFrom("extra", "note", "x_new"),
  fc.oneof(fc.string(), fc.integer()),
  { maxKeys: 2 },
);
/** An object with these fields (optional ones may be missing) plus extra keys. */
function obj<T extends Record<string, fc.Arbitrary<unknown>>>(
  shape: T,
  optional: (keyof T)[] = [],
): fc.Arbitrary<Record<string, unknown>> {
  const requiredKeys = Object.keys(shape).filter((k) => !optional.includes(k));
  return fc
    .tuple(fc.record(shape, { requiredKeys }), extras)
    .map(([fields, more]) => ({ ...more, ...fields }));
}

const attempt = obj(
  {
    provider: field(fc.string()),
    outcome: field(fc.constantFrom("ok", "error", "timeout")),
    latency_ms: field(num),
    error: field(fc.string()),
  },
  ["error"],
);
const meta = obj(
  {
    estimated_cost: field(num),
    failover_depth: field(int),
    latency_ms: field(num),
    trace_id: field(fc.string()),
    provider: field(fc.string()),
    pages: field(int),
    attempts: field(fc.array(attempt, { maxLength: 3 })),
  },
  ["provider", "pages", "attempts"],
);
const bbox = fc
  .tuple(
    fc.record({ x0: field(num), y0: field(num), x1: field(num), y1: field(num) }),
    fc.option(extras, { nil: undefined }),
  )
  .map(([box, more]) => ({ ...more, ...box }));
const span = obj({ text: field(fc.string()), confidence: field(unit), bbox: field(bbox) });
const page = obj(
  {
    number: field(int),
    width: field(num),
    height: field(num),
    dpi: field(num),
    text: field(fc.string()),
    confidence: field(unit),
    lines: field(fc.array(span, { maxLength: 3 })),
    words: field(fc.array(span, { maxLength: 3 })),
  },
  ["dpi"],
);
const ocrData = obj({
  text: field(fc.string()),
  language: field(fc.constantFrom("eng", "deu", "")),
  pages: field(fc.array(page, { maxLength: 2 })),
});
const grant = obj({
  expires_in: field(int),
  object_key: field(fc.string()),
  s3_uri: field(
    fc.oneof(
      fc.string().map((k) => `s3://${k}`),
      fc.string(),
    ),
  ),
  upload_url: field(fc.webUrl()),
});
const result = obj({
  data: field(fc.oneof(ocrData, fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }))),
  meta: field(meta),
});

const cases: [Pair, fc.Arbitrary<unknown>][] = [
  [["upload grant", classic.uploadGrantSchema, mini.uploadGrantSchema], grant],
  [["attempt", classic.attemptSchema, mini.attemptSchema], attempt],
  [["process meta", classic.processMetaSchema, mini.processMetaSchema], meta],
  [["process result", classic.processResultSchema, mini.processResultSchema], result],
  [["bbox", classic.bboxSchema, mini.bboxSchema], bbox],
  [["OCR span", classic.ocrSpanSchema, mini.ocrSpanSchema], span],
  [["OCR page", classic.ocrPageSchema, mini.ocrPageSchema], page],
  [["OCR data", classic.ocrDataSchema, mini.ocrDataSchema], ocrData],
];

function outcome(schema: zc.ZodType | zm.ZodMiniType, value: unknown) {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? { success: true, data: parsed.data }
    : {
        success: false,
        issues: parsed.error.issues.map((issue) => ({ code: issue.code, path: issue.path })),
      };
}

describe("the browser's zod/mini contract agrees with the classic one", () => {
  for (const [[name, classicSchema, miniSchema], arbitrary] of cases) {
    it(`${name}: same answer for near-valid and arbitrary values`, () => {
      let accepted = 0;
      let refused = 0;
      fc.assert(
        fc.property(
          fc.oneof({ arbitrary, weight: 5 }, { arbitrary: fc.anything(), weight: 1 }),
          (value) => {
            const expected = outcome(classicSchema, value);
            expect(outcome(miniSchema, value)).toEqual(expected);
            if (expected.success) accepted++;
            else refused++;
          },
        ),
        { numRuns: 400 },
      );
      // The generators reach both sides of each schema.
      expect(accepted).toBeGreaterThan(10);
      expect(refused).toBeGreaterThan(10);
    });
  }

  it("a real process answer parses the same", () => {
    const answer = {
      data: {
        text: "Total due",
        language: "eng",
        pages: [
          {
            number: 1,
            width: 100,
            height: 50,
            text: "Total due",
            confidence: 0.93,
            lines: [
              { text: "Total due", confidence: 0.93, bbox: { x0: 1, y0: 2, x1: 90, y1: 12 } },
            ],
            words: [],
          },
        ],
      },
      meta: {
        estimated_cost: 0.0004,
        failover_depth: 0,
        latency_ms: 812.4,
        trace_id: "6f1c0d1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
        provider: "tesseractjs-fast",
        pages: 1,
        attempts: [{ provider: "tesseractjs-fast", outcome: "ok", latency_ms: 810 }],
        extension: true,
      },
    };
    expect(mini.processResultSchema.parse(answer)).toEqual(
      classic.processResultSchema.parse(answer),
    );
    expect(mini.ocrDataSchema.parse(answer.data)).toEqual(classic.ocrDataSchema.parse(answer.data));
  });

  it("infers the contract's own types", () => {
    expectTypeOf<zm.infer<typeof mini.uploadGrantSchema>>().toEqualTypeOf<classic.UploadGrant>();
    expectTypeOf<zm.infer<typeof mini.attemptSchema>>().toEqualTypeOf<classic.Attempt>();
    expectTypeOf<zm.infer<typeof mini.processMetaSchema>>().toEqualTypeOf<classic.ProcessMeta>();
    expectTypeOf<
      zm.infer<typeof mini.processResultSchema>
    >().toEqualTypeOf<classic.ProcessResult>();
    expectTypeOf<zm.infer<typeof mini.bboxSchema>>().toEqualTypeOf<classic.BBox>();
    expectTypeOf<zm.infer<typeof mini.ocrSpanSchema>>().toEqualTypeOf<classic.OcrSpan>();
    expectTypeOf<zm.infer<typeof mini.ocrPageSchema>>().toEqualTypeOf<classic.OcrPage>();
    expectTypeOf<zm.infer<typeof mini.ocrDataSchema>>().toEqualTypeOf<classic.OcrData>();
  });
});
