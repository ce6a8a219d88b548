// A category's own page: what it does, whether it takes documents, and the
// states for an unknown category, a service that is down and a lost result.

import { PORTS } from "../playwright.config";
import {
  CATEGORY,
  expect,
  expectNoSeriousA11yViolations,
  SERVICE_DOWN_URL,
  shootDesktopAndPhone,
  test,
} from "./fixtures";

test.describe("category page", () => {
  test("an active category shows what it does and where to drop documents", async ({
    categoryPage,
    page,
  }) => {
    await categoryPage.goto(CATEGORY.textRecognition.id);
    await expect(categoryPage.heading).toHaveText("Text recognition");
    await expect(categoryPage.badge).toHaveText("Active");
    await expect(page.getByTestId("category-header")).toContainText(
      "Reads the printed text in photos",
    );
    await expect(categoryPage.uploader).toBeVisible();
    await expect(categoryPage.uploader).toContainText(/PNG, JPEG.*PDF/);
    await expect(categoryPage.uploader).toContainText("25 MB");
    await expect(categoryPage.unavailable).toHaveCount(0);
    await expect(page).toHaveTitle("Text recognition · DocRoute");
    await expectNoSeriousA11yViolations(page);
  });

  test("the language choice offers exactly the languages the service says the category reads", async ({
    categoryPage,
    page,
    request,
  }) => {
    const answer = await request.get(`http://127.0.0.1:${PORTS.service}/v1/categories`, {
      headers: { "X-API-Key": process.env.E2E_API_KEY ?? "" },
    });
    const { items } = (await answer.json()) as { items: { id: string; languages?: string[] }[] };
    const languages = items.find((c) => c.id === CATEGORY.textRecognition.id)?.languages ?? [];
    expect(languages).toEqual(expect.arrayContaining(["en", "de", "pl", "cs", "tr"]));
    const names = new Intl.DisplayNames(["en"], { type: "language" });
    const byName = new Intl.Collator("en");

    await categoryPage.goto(CATEGORY.textRecognition.id);
    const choice = page.getByLabel("Language of the text");
    await expect(choice.locator("option")).toHaveText([
      "Not sure",
      ...languages.map((code) => names.of(code) ?? code).sort(byName.compare),
    ]);
    await choice.selectOption("de");
    await expect(choice).toHaveValue("de");
    await shootDesktopAndPhone(page, "category-languages");
  });

  test("a coming-soon category says why it takes no documents and offers active ones", async ({
    categoryPage,
    page,
  }) => {
    await categoryPage.goto(CATEGORY.handwriting.id);
    await expect(categoryPage.heading).toHaveText("Handwriting recognition");
    await expect(categoryPage.badge).toHaveText("Coming soon");
    await expect(categoryPage.unavailable).toContainText("Not taking documents yet");
    await expect(categoryPage.unavailable).toContainText("isn't taking documents yet");
    await expect(categoryPage.uploader).toHaveCount(0);
    await expect(page.locator('input[type="file"]')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await categoryPage.unavailable.getByRole("link", { name: CATEGORY.pdfText.name }).click();
    await expect(page).toHaveURL(`/categories/${CATEGORY.pdfText.id}`);
    await expect(categoryPage.uploader).toBeVisible();
  });

  test("the breadcrumb leads back to the list", async ({ categoryPage, page }) => {
    await categoryPage.goto(CATEGORY.handwriting.id);
    await categoryPage.breadcrumb.getByRole("link", { name: "Categories" }).click();
    await expect(page).toHaveURL("/");
  });

  test("an unknown category is a plain 'not found'", async ({ categoryPage }) => {
    await categoryPage.goto("00000000-0000-4000-8000-000000000000");
    await expect(categoryPage.notFound).toContainText("We couldn't find that category");
    await expect(
      categoryPage.notFound.getByRole("link", { name: "See all categories" }),
    ).toBeVisible();
  });

  test("the route handlers refuse a coming-soon category before any upload", async ({
    request,
  }) => {
    const grant = await request.post(`/api/categories/${CATEGORY.handwriting.id}/uploads`, {
      data: { contentType: "image/png" },
    });
    expect(grant.status()).toBe(409);
    expect(await grant.json()).toMatchObject({ code: "category_inactive" });

    const refused = await request.post(`/api/categories/${CATEGORY.pdfText.id}/uploads`, {
      data: { contentType: "image/png" },
    });
    expect(refused.status()).toBe(415);
    const body = await refused.json();
    expect(body.code).toBe("file_type");
    expect(body.message).toContain("application/pdf");
  });

  test("with the service down, the page explains instead of failing", async ({ categoryPage }) => {
    await categoryPage.goto(CATEGORY.textRecognition.id, SERVICE_DOWN_URL);
    await expect(categoryPage.errorState).toContainText("We can't reach the document service");
    await expect(categoryPage.errorState.getByRole("link", { name: "Try again" })).toBeVisible();
    await expectNoSeriousA11yViolations(categoryPage.page);
  });
});

test.describe("result page", () => {
  test("a result the run history does not know says so, with its trace id", async ({ page }) => {
    await page.goto("/runs/0af7651916cd43dd8448eb211c80319c");
    const panel = page.getByTestId("run-not-found");
    await expect(panel).toContainText("No result has this address");
    await expect(panel).toContainText("0af7651916cd43dd8448eb211c80319c");
    await expectNoSeriousA11yViolations(page);
  });
});
