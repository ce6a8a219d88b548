// The API key lives on the server only (INTERFACE.md, web app decisions):
// never in a client bundle, a page, or any response the browser receives.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { watchForSecret } from "./pages/uploader";

const key = process.env.E2E_API_KEY ?? "";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test("the key is long enough to be searched for", () => {
  expect(key.length).toBeGreaterThan(16);
});

test("no file under .next/static holds the API key", () => {
  const files = filesUnder(join(process.cwd(), ".next", "static"));
  expect(files.length).toBeGreaterThan(0);
  const leaking = files.filter((file) => readFileSync(file).includes(key));
  expect(leaking).toEqual([]);
});

test("no response the browser receives holds the API key", async ({ page }) => {
  const seen = watchForSecret(page, key);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const firstCategory = page
    .getByRole("link")
    .filter({ hasText: /recognition|extraction/i })
    .first();
  await firstCategory.click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const api = await page.request.get("/api/categories");
  expect(api.ok()).toBe(true);
  expect(await api.text()).not.toContain(key);
  expect(seen).toEqual([]);
});
