// Table extraction end to end: the generated calibration tables (ruled, with
// cells over several lines or columns, ruled under the header only, borderless;
// text-layer PDFs, images and phone photos) uploaded and processed over real
// HTTP by the real providers; every cell of a text layer must come back as the
// truth beside it, and nine in ten of an image's.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processResultSchema, tableDataSchema } from "@/lib/kernel/contract";
import { loadProviderConfig, loadRoutingConfig } from "../src/config";
import { closeAll, createProviders } from "../src/registry";
import { createRouter } from "../src/router";
import { startService, type TestService } from "./helpers";
import { FIXTURES, processPath, uploadFixture } from "./process-helpers";

const TABLES = "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e";
const DIR = path.join(FIXTURES, "calibration/tables");
const documents = readdirSync(DIR).filter((f) => /\.(pdf|png|jpg)$/.test(f));
const read = (name: string) => JSON.parse(readFileSync(path.join(DIR, name), "utf8"));

describe("table extraction", () => {
  const providers = createProviders(loadProviderConfig({}));
  let svc: TestService;
  beforeAll(async () => {
    svc = await startService({ router: createRouter(loadRoutingConfig({}), providers) });
  });
  afterAll(async () => {
    await svc?.close();
    await closeAll(providers);
  });

  // Text layers: every cell; images read by OCR: at least 90 % of them.
  const mediaTypes = { pdf: "application/pdf", png: "image/png", jpg: "image/jpeg" } as const;
  it.each(documents)(
    "%s: the cells as printed, header first",
    async (file) => {
      const truth = read(file.replace(/\.\w+$/, ".json")) as { rows: string[][] };
      const mimeType = mediaTypes[file.split(".").pop() as keyof typeof mediaTypes];
      const grant = await uploadFixture(svc, TABLES, `calibration/tables/${file}`, mimeType);
      const res = await svc.postJson(processPath(TABLES), {
        input: { document: grant.s3_uri, mime_type: mimeType },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const result = processResultSchema.parse(await res.json());
      const data = tableDataSchema.parse(result.data);
      const [table] = data.tables;
      const cells = truth.rows.flatMap((row, r) => row.map((text, c) => [r, c, text] as const));
      const right = cells.filter(([r, c, text]) => table?.rows[r]?.[c] === text).length;
      expect(data.tables).toHaveLength(1);
      // A scan (a PDF of a picture) is read by OCR, like an image.
      if (mimeType === "application/pdf" && !file.endsWith("-scan.pdf")) {
        expect(table?.rows).toEqual(truth.rows);
        // Every grid position is covered by exactly one cell, spans included.
        const covered = table?.cells.reduce((sum, c) => sum + c.row_span * c.col_span, 0);
        expect(covered).toBe(cells.length);
      } else expect(right / cells.length).toBeGreaterThanOrEqual(0.9);
      expect(table?.page).toBe(1);
      expect(data.pages[0]).toMatchObject({ number: 1 });
      // A photo no provider is sure of goes through all three (PaddleOCR alone
      // takes 6–18 s on a whole photographed page on two busy cores).
    },
    120_000,
  );
});
