// Shared fixtures: page objects, and an accessibility check that fails on
// any serious or critical axe violation.
import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { PORTS } from "../playwright.config";
import { CategoryPage } from "./pages/category-page";
import { HomePage } from "./pages/home-page";

/** The same app started against a port where no Routing Service listens. */
export const SERVICE_DOWN_URL = `http://127.0.0.1:${PORTS.appServiceDown}`;
/** The same app with an API key the service refuses. */
export const WRONG_KEY_URL = `http://127.0.0.1:${PORTS.appWrongKey}`;

/** Category ids of the project's catalog (service/src/catalog.ts): stable by design. */
export const CATEGORY = {
  textRecognition: {
    id: "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d",
    name: "Text recognition",
  },
  pdfText: { id: "8e2d4f60-7a1b-4c3d-8e9f-0a1b2c3d4e5f", name: "PDF text extraction" },
  invoices: { id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", name: "Invoice data extraction" },
  tables: { id: "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e", name: "Table extraction" },
  /** Coming soon. */
  handwriting: { id: "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f", name: "Handwriting recognition" },
} as const;

export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, "axe: serious or critical violations").toEqual([]);
}

/** With SCREENSHOTS_DIR set, keeps the screen at desktop and phone width for a person to look at. */
export async function shootDesktopAndPhone(page: Page, name: string): Promise<void> {
  const shots = process.env.SCREENSHOTS_DIR;
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const [label, width] of [
    ["desktop", 1280],
    ["phone", 390],
  ] as const) {
    await page.setViewportSize({ width, height: label === "phone" ? 844 : 900 });
    await page.screenshot({ path: path.join(shots, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

export const test = base.extend<{ homePage: HomePage; categoryPage: CategoryPage }>({
  homePage: async ({ page }, use) => {
    await use(new HomePage(page));
  },
  categoryPage: async ({ page }, use) => {
    await use(new CategoryPage(page));
  },
});

export { expect };
