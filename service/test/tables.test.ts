// Table extraction end to end: the generated calibration tables (ruled and
// borderless, text-layer PDFs) uploaded and processed over real HTTP by the
// real providers; every cell must come back as the truth beside the PDF.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processResultSchema, tableDataSchema } from "@/lib/contract";
import { closeAll, createProviders, loadProviderConfig } from "../src/providers";
import { createRouter, loadRoutingConfig } from "../src/routing";
import { startService, type TestService } from "./helpers";
import { FIXTURES, processPath, uploadFixture } from "./process-helpers";

const TABLES = "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e";
const DIR = path.join(FIXTURES, "calibration/tables");
const names = readdirSync(DIR)
  .filter((f) => f.endsWith(".pdf"))
  .map((f) => f.replace(/\.pdf$/, ""));

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

  it.each(names)("%s: every cell as printed, header first", async (name) => {
    const truth = JSON.parse(readFileSync(path.join(DIR, `${name}.json`), "utf8")) as {
      rows: string[][];
    };
    const grant = await uploadFixture(
      svc,
      TABLES,
      `calibration/tables/${name}.pdf`,
      "application/pdf",
    );
    const res = await svc.postJson(processPath(TABLES), {
      input: { document: grant.s3_uri, mime_type: "application/pdf" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const result = processResultSchema.parse(await res.json());
    const data = tableDataSchema.parse(result.data);
    expect(data.tables).toHaveLength(1);
    const [table] = data.tables;
    expect(table?.rows).toEqual(truth.rows);
    expect(table?.page).toBe(1);
    expect(table?.cells).toHaveLength(truth.rows.flat().length);
    expect(data.pages[0]).toMatchObject({ number: 1 });
  });
});
