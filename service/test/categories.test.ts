// GET /v1/categories over real HTTP: auth, paging, every 422, order, trace ids.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryPageSchema, validationErrorSchema } from "@/lib/kernel/contract";
import { OTHER_KEY, startService, type TestService } from "./helpers";

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(async () => {
  await svc?.close();
});

/** Every Latin-script language both Tesseract engines have data for, by ISO 639-1 code. */
const LATIN_SCRIPT = [
  "af",
  "az",
  "bs",
  "ca",
  "cs",
  "cy",
  "da",
  "de",
  "en",
  "eo",
  "es",
  "et",
  "eu",
  "fi",
  "fr",
  "ga",
  "gl",
  "hr",
  "ht",
  "hu",
  "id",
  "is",
  "it",
  "jv",
  "la",
  "lb",
  "lt",
  "lv",
  "mi",
  "ms",
  "mt",
  "nl",
  "no",
  "pl",
  "pt",
  "qu",
  "ro",
  "sk",
  "sl",
  "sq",
  "su",
  "sv",
  "sw",
  "tr",
  "uz",
  "vi",
  "yo",
];

async function page(query = "") {
  const res = await svc.fetch(`/v1/categories${query}`);
  expect(res.status).toBe(200);
  return categoryPageSchema.parse(await res.json());
}

async function invalid(query: string) {
  const res = await svc.fetch(`/v1/categories${query}`);
  expect(res.status).toBe(422);
  return validationErrorSchema.parse(await res.json()).detail;
}

describe("auth", () => {
  it("refuses a missing key with 401 and the documented body", async () => {
    const res = await svc.fetch("/v1/categories", { key: null });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: "Invalid or missing API key" });
  });

  it("refuses a wrong key, an empty key and a key that only starts right", async () => {
    for (const key of ["wrong", "", `${svc.key}x`, svc.key.slice(0, -1), svc.key.toUpperCase()]) {
      const res = await svc.fetch("/v1/categories", { key });
      expect(res.status, `key ${JSON.stringify(key)}`).toBe(401);
      expect(await res.json()).toEqual({ detail: "Invalid or missing API key" });
    }
  });

  it("accepts every configured key", async () => {
    expect((await svc.fetch("/v1/categories", { key: OTHER_KEY })).status).toBe(200);
  });

  it("checks the key before validating the query", async () => {
    const res = await svc.fetch("/v1/categories?page=0&size=abc", { key: "wrong" });
    expect(res.status).toBe(401);
  });
});

describe("paging", () => {
  it("defaults to page 1 of size 50", async () => {
    const body = await page();
    expect(body).toMatchObject({ page: 1, size: 50, total: 6, pages: 1 });
    expect(body.items).toHaveLength(6);
  });

  it("answers items with the interface's fields plus accepted types, size limit and languages", async () => {
    const { items } = await page();
    for (const item of items) {
      const active = item.status === "active";
      expect(Object.keys(item).sort()).toEqual([
        "accepts",
        "description",
        "id",
        ...(active ? ["languages"] : []),
        "max_bytes",
        "name",
        "slug",
        "status",
      ]);
      if (active) expect(item.languages).toEqual(LATIN_SCRIPT);
      expect(item.max_bytes).toBe(25 * 1024 * 1024);
      if (item.status === "active") expect(item.accepts).toContain("application/pdf");
      else expect(item.accepts).toEqual([]);
      expect(item.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(["active", "coming_soon"]).toContain(item.status);
    }
  });

  it("lists active categories first, then coming soon, by name inside each group", async () => {
    const { items } = await page();
    const statuses = items.map((c) => c.status);
    const firstSoon = statuses.indexOf("coming_soon");
    expect(firstSoon).toBeGreaterThan(0);
    expect(statuses.slice(0, firstSoon).every((s) => s === "active")).toBe(true);
    expect(statuses.slice(firstSoon).every((s) => s === "coming_soon")).toBe(true);
    for (const group of [items.slice(0, firstSoon), items.slice(firstSoon)]) {
      const names = group.map((c) => c.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    }
  });

  it("keeps the order stable across pages", async () => {
    const all = (await page()).items.map((c) => c.id);
    for (const size of [1, 2, 4, 5]) {
      const seen: string[] = [];
      const first = await page(`?size=${size}`);
      expect(first.pages).toBe(Math.ceil(6 / size));
      for (let p = 1; p <= first.pages; p++) {
        const body = await page(`?page=${p}&size=${size}`);
        expect(body.page).toBe(p);
        expect(body.size).toBe(size);
        seen.push(...body.items.map((c) => c.id));
      }
      expect(seen, `size ${size}`).toEqual(all);
    }
  });

  it("answers a page past the end with 200 and no items", async () => {
    const body = await page("?page=7&size=1");
    expect(body).toEqual({ items: [], page: 7, pages: 6, size: 1, total: 6 });
    expect((await page("?page=2")).items).toEqual([]);
    expect((await page("?page=1000000")).items).toEqual([]);
  });

  it("accepts the limits themselves", async () => {
    expect((await page("?size=100")).size).toBe(100);
    expect((await page("?size=1&page=1")).items).toHaveLength(1);
  });
});

describe("422", () => {
  const cases: [query: string, loc: string, type: string, ctx: Record<string, unknown>][] = [
    ["?page=0", "page", "greater_than_equal", { ge: 1 }],
    ["?page=-3", "page", "greater_than_equal", { ge: 1 }],
    ["?page=abc", "page", "int_parsing", {}],
    ["?page=1.5", "page", "int_parsing", {}],
    ["?page=", "page", "int_parsing", {}],
    ["?page=1e3", "page", "int_parsing", {}],
    ["?size=0", "size", "greater_than_equal", { ge: 1 }],
    ["?size=101", "size", "less_than_equal", { le: 100 }],
    ["?size=99999999999", "size", "less_than_equal", { le: 100 }],
    ["?size=ten", "size", "int_parsing", {}],
    ["?size=2.0", "size", "int_parsing", {}],
  ];
  for (const [query, field, type, ctx] of cases) {
    it(`${query} → ${type} at query.${field}`, async () => {
      const detail = await invalid(query);
      expect(detail).toHaveLength(1);
      const sent = new URLSearchParams(query).get(field);
      expect(detail[0]).toEqual({
        type,
        loc: ["query", field],
        msg: expect.any(String),
        input: sent,
        ctx,
      });
      expect(detail[0]?.msg).toMatch(/^Input should be/);
    });
  }

  it("reports every invalid field, not just the first", async () => {
    const detail = await invalid("?page=0&size=500");
    expect(detail.map((d) => [d.loc.join("."), d.type])).toEqual([
      ["query.page", "greater_than_equal"],
      ["query.size", "less_than_equal"],
    ]);
  });

  it("uses Pydantic's messages", async () => {
    const [size] = await invalid("?size=101");
    expect(size?.msg).toBe("Input should be less than or equal to 100");
    const [p] = await invalid("?page=x");
    expect(p?.msg).toBe("Input should be a valid integer, unable to parse string as an integer");
  });
});

describe("trace ids", () => {
  it("puts a 32-hex X-Request-Id on every answer, fresh for each request", async () => {
    const ids = new Set<string>();
    for (const res of [
      await svc.fetch("/v1/categories"),
      await svc.fetch("/v1/categories", { key: null }),
      await svc.fetch("/v1/categories?page=0"),
      await svc.fetch("/v1/nothing-here"),
      await svc.fetch("/healthz"),
    ]) {
      const id = res.headers.get("x-request-id") ?? "";
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(5);
  });

  it("continues an incoming W3C traceparent", async () => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const res = await svc.fetch("/v1/categories", {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(res.headers.get("x-request-id")).toBe(traceId);
    const upper = await svc.fetch("/v1/categories?page=0", {
      headers: { traceparent: `00-${traceId.toUpperCase()}-00f067aa0ba902b7-01` },
    });
    expect(upper.headers.get("x-request-id")).toBe(traceId);
  });

  it("ignores a malformed or all-zero traceparent", async () => {
    for (const traceparent of [
      "garbage",
      "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
      "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
      "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
    ]) {
      const res = await svc.fetch("/v1/categories", { headers: { traceparent } });
      const id = res.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(id).not.toBe("4bf92f3577b34da6a3ce929d0e0e4736");
    }
  });
});
