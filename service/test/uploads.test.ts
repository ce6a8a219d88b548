// POST /v1/categories/{category_id}/uploads over real HTTP: every status and body shape.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadGrantSchema, validationErrorSchema } from "@/lib/kernel/contract";
import { startService, type TestService } from "./helpers";

const OCR = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";
const PDF = "8e2d4f60-7a1b-4c3d-8e9f-0a1b2c3d4e5f";
const SOON = "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f";
const UNKNOWN = "00000000-1111-4222-8333-444444444444";

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(async () => {
  await svc?.close();
});

const grant = (category: string, body: unknown, init?: { key?: string | null }) =>
  svc.postJson(`/v1/categories/${category}/uploads`, body, init);

async function detail(res: Response) {
  expect(res.status).toBe(422);
  return validationErrorSchema.parse(await res.json()).detail;
}

describe("auth", () => {
  it("answers 401 without a key or with a wrong one, before looking at path or body", async () => {
    for (const key of [null, "wrong"]) {
      for (const [category, body] of [
        [OCR, { content_type: "image/png" }],
        ["not-a-uuid", { nope: 1 }],
        [UNKNOWN, "[broken"],
      ] as const) {
        const res = await grant(category, body, { key });
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ detail: "Invalid or missing API key" });
      }
    }
    const broken = await svc.fetch(`/v1/categories/${OCR}/uploads`, {
      method: "POST",
      key: null,
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(broken.status).toBe(401);
  });
});

describe("grant", () => {
  it("returns expires_in in seconds, a fresh object key, its s3_uri and a URL to PUT to", async () => {
    const before = Date.now();
    const res = await grant(OCR, { content_type: "image/png" });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
    const body = uploadGrantSchema.parse(await res.json());
    expect(Object.keys(body).sort()).toEqual(["expires_in", "object_key", "s3_uri", "upload_url"]);
    expect(body.expires_in).toBe(900);
    expect(body.object_key).toMatch(new RegExp(`^uploads/${OCR}/[A-Za-z0-9_-]{22}\\.png$`));
    expect(body.s3_uri).toBe(`s3://${svc.store.bucket}/${body.object_key}`);
    expect(body.upload_url.startsWith(`${svc.config.publicUrl}/storage/${body.object_key}?`)).toBe(
      true,
    );

    const record = await svc.db.grants.find(body.object_key);
    expect(record).toMatchObject({ categoryId: OCR, contentType: "image/png", uploadedAt: null });
    const ttl = (record?.expiresAt.getTime() ?? 0) - (record?.createdAt.getTime() ?? 0);
    expect(ttl).toBe(900_000);
    expect(record?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("never hands out the same key twice", async () => {
    const keys = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const body = uploadGrantSchema.parse(
        await (await grant(OCR, { content_type: "image/png" })).json(),
      );
      keys.add(body.object_key);
    }
    expect(keys.size).toBe(20);
  });

  it("compares content types case-insensitively and ignores parameters", async () => {
    const res = await grant(OCR, { content_type: "IMAGE/JPEG; charset=binary" });
    expect(res.status).toBe(200);
    const body = uploadGrantSchema.parse(await res.json());
    expect(body.object_key).toMatch(/\.jpg$/);
    expect((await svc.db.grants.find(body.object_key))?.contentType).toBe("image/jpeg");
  });

  it("takes a PDF in both active categories and ignores extra body fields", async () => {
    for (const category of [OCR, PDF]) {
      const res = await grant(category, { content_type: "application/pdf", file_name: "x.pdf" });
      expect(res.status).toBe(200);
      const body = uploadGrantSchema.parse(await res.json());
      expect(body.object_key).toMatch(new RegExp(`^uploads/${category}/[A-Za-z0-9_-]{22}\\.pdf$`));
    }
  });

  it("accepts the category id in upper case", async () => {
    const res = await grant(OCR.toUpperCase(), { content_type: "image/png" });
    expect(res.status).toBe(200);
    expect(uploadGrantSchema.parse(await res.json()).object_key.startsWith(`uploads/${OCR}/`)).toBe(
      true,
    );
  });
});

describe("category errors", () => {
  it("404 for a well-formed id that names no category", async () => {
    const res = await grant(UNKNOWN, { content_type: "image/png" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "Category not found" });
  });

  it("409 for a coming-soon category, saying so", async () => {
    const res = await grant(SOON, { content_type: "image/png" });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { detail: string };
    expect(body.detail).toMatch(/coming soon/i);
  });

  it("422 uuid_parsing at path.category_id for a malformed id", async () => {
    for (const id of ["not-a-uuid", "123", `${OCR}0`, OCR.replace(/-/g, "_")]) {
      const [item, ...rest] = await detail(await grant(id, { content_type: "image/png" }));
      expect(rest).toEqual([]);
      expect(item).toMatchObject({ type: "uuid_parsing", loc: ["path", "category_id"], input: id });
      expect(item?.ctx).toBeTypeOf("object");
    }
  });
});

describe("422 body", () => {
  it("literal_error at body.content_type listing the accepted types", async () => {
    const [item] = await detail(await grant(PDF, { content_type: "image/png" }));
    expect(item).toEqual({
      type: "literal_error",
      loc: ["body", "content_type"],
      msg: "Input should be 'application/pdf'",
      input: "image/png",
      ctx: { expected: "'application/pdf'" },
    });
    const [ocr] = await detail(await grant(OCR, { content_type: "text/plain" }));
    for (const type of ["image/png", "image/jpeg", "application/pdf"]) {
      expect(String(ocr?.ctx?.expected)).toContain(`'${type}'`);
    }
  });

  it("less_than_equal at body.content_length for a file over the category's limit", async () => {
    const max = 25 * 1024 * 1024;
    const [item] = await detail(
      await grant(OCR, { content_type: "image/png", content_length: max + 1 }),
    );
    expect(item).toEqual({
      type: "less_than_equal",
      loc: ["body", "content_length"],
      msg: `Input should be less than or equal to ${max}`,
      input: max + 1,
      ctx: { le: max },
    });
    const [zero] = await detail(await grant(OCR, { content_type: "image/png", content_length: 0 }));
    expect(zero).toMatchObject({ type: "greater_than_equal", loc: ["body", "content_length"] });
    const [text] = await detail(
      await grant(OCR, { content_type: "image/png", content_length: "12" }),
    );
    expect(text).toMatchObject({ loc: ["body", "content_length"], input: "12" });
    expect((await grant(OCR, { content_type: "image/png", content_length: max })).status).toBe(200);
  });

  it("rejects an empty content type", async () => {
    const [item] = await detail(await grant(OCR, { content_type: "" }));
    expect(item).toMatchObject({ type: "literal_error", loc: ["body", "content_type"], input: "" });
  });

  it("missing content_type, with the body as input", async () => {
    const [item] = await detail(await grant(OCR, { contentType: "image/png" }));
    expect(item).toEqual({
      type: "missing",
      loc: ["body", "content_type"],
      msg: "Field required",
      input: { contentType: "image/png" },
      ctx: {},
    });
  });

  it("string_type for a content_type that is not a string", async () => {
    for (const value of [5, null, ["image/png"], { type: "image/png" }]) {
      const [item] = await detail(await grant(OCR, { content_type: value }));
      expect(item).toMatchObject({
        type: "string_type",
        loc: ["body", "content_type"],
        input: value,
        ctx: {},
      });
    }
  });

  it("dict_type for a body that is not an object", async () => {
    for (const body of [[1], "image/png", 42, true]) {
      const [item] = await detail(await grant(OCR, body));
      expect(item).toMatchObject({ type: "dict_type", loc: ["body"], input: body, ctx: {} });
    }
  });

  it("json_invalid for broken JSON", async () => {
    const res = await svc.fetch(`/v1/categories/${OCR}/uploads`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"content_type": "image/png"',
    });
    const [item] = await detail(res);
    expect(item).toMatchObject({
      type: "json_invalid",
      msg: "JSON decode error",
      ctx: { error: expect.any(String) },
    });
    expect(item?.loc[0]).toBe("body");
  });

  it("missing body", async () => {
    const res = await svc.fetch(`/v1/categories/${OCR}/uploads`, { method: "POST" });
    const [item] = await detail(res);
    expect(item).toMatchObject({ type: "missing", loc: ["body"], input: null });
  });

  it("a body of another content type is not a dictionary", async () => {
    const res = await svc.fetch(`/v1/categories/${OCR}/uploads`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "content_type=image/png",
    });
    const [item] = await detail(res);
    expect(item).toMatchObject({ type: "dict_type", loc: ["body"] });
  });

  it("reports a malformed id and a bad body together", async () => {
    const items = await detail(await grant("nope", { content_type: 7 }));
    expect(items.map((i) => [i.loc.join("."), i.type])).toEqual([
      ["path.category_id", "uuid_parsing"],
      ["body.content_type", "string_type"],
    ]);
  });

  it("validates the body before looking the category up", async () => {
    const [item] = await detail(await grant(UNKNOWN, {}));
    expect(item).toMatchObject({ type: "missing", loc: ["body", "content_type"] });
  });
});

describe("configuration", () => {
  it("takes the URL lifetime from UPLOAD_URL_TTL_SECONDS and the base from SERVICE_PUBLIC_URL", async () => {
    const other = await startService({
      env: { UPLOAD_URL_TTL_SECONDS: "60", SERVICE_PUBLIC_URL: "https://files.example.test/" },
    });
    try {
      const body = uploadGrantSchema.parse(
        await (
          await other.postJson(`/v1/categories/${OCR}/uploads`, { content_type: "image/png" })
        ).json(),
      );
      expect(body.expires_in).toBe(60);
      expect(
        body.upload_url.startsWith(`https://files.example.test/storage/${body.object_key}?`),
      ).toBe(true);
      const expires = Number(new URL(body.upload_url).searchParams.get("expires"));
      expect(Math.abs(expires - (Date.now() / 1000 + 60))).toBeLessThan(5);
    } finally {
      await other.close();
    }
  });
});
