// The home page as a person sees it: every category with its description and
// status, paging, the states for a service that is down or refuses the key,
// and accessibility.
import {
  CATEGORY,
  expect,
  expectNoSeriousA11yViolations,
  SERVICE_DOWN_URL,
  test,
  WRONG_KEY_URL,
} from "./fixtures";

test.describe("home page", () => {
  test("lists every category with its description and status, active ones first", async ({
    homePage,
  }) => {
    await homePage.goto();
    await expect(homePage.heading).toHaveText("What should we do with your documents?");
    await expect(homePage.cards).toHaveCount(6);
    expect(await homePage.cardNames()).toEqual([
      "Invoice data extraction",
      "PDF text extraction",
      "Table extraction",
      "Text recognition",
      "Document translation",
      "Handwriting recognition",
    ]);
    await expect(homePage.badgeOf("Text recognition")).toHaveText("Active");
    await expect(homePage.badgeOf("PDF text extraction")).toHaveText("Active");
    await expect(homePage.badgeOf("Table extraction")).toHaveText("Active");
    await expect(homePage.badgeOf("Invoice data extraction")).toHaveText("Active");
    for (const name of ["Document translation", "Handwriting recognition"]) {
      await expect(homePage.badgeOf(name)).toHaveText("Coming soon");
    }
    await expect(homePage.card("Text recognition")).toContainText(
      "Reads the printed text in photos, scans and PDF files",
    );
    await expect(homePage.summary).toHaveText("6 categories · 4 ready to use");
    await expect(homePage.pagination).toHaveCount(0);
  });

  test("each category links to its own page", async ({ homePage, page }) => {
    await homePage.goto();
    await homePage.card("Text recognition").getByRole("link").click();
    await expect(page).toHaveURL(`/categories/${CATEGORY.textRecognition.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Text recognition");
  });

  test("pages through the list with links, by keyboard too", async ({ homePage, page }) => {
    await homePage.goto("?size=4");
    await expect(homePage.cards).toHaveCount(4);
    await expect(homePage.summary).toContainText("Showing 1–4 of 6 categories");
    await expect(homePage.pagination.getByRole("link", { name: "Page 2" })).toBeVisible();
    await expect(homePage.pagination.locator('[aria-current="page"]')).toHaveText("Page 1");

    const next = homePage.pagination.getByRole("link", { name: /Next/ });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/?page=2&size=4");
    await expect(homePage.cards).toHaveCount(2);
    await expect(homePage.summary).toContainText("Showing 5–6 of 6 categories");
    expect(await homePage.cardNames()).toEqual(["Document translation", "Handwriting recognition"]);
    await expect(homePage.pagination.getByRole("link", { name: /Next/ })).toHaveCount(0);

    await homePage.pagination.getByRole("link", { name: /Previous/ }).click();
    await expect(page).toHaveURL("/?size=4");
    await expect(homePage.cards).toHaveCount(4);
  });

  test("a page past the end says so and leads back", async ({ homePage, page }) => {
    await homePage.goto("?page=9&size=4");
    await expect(homePage.emptyState).toContainText("There is no page 9");
    await homePage.emptyState.getByRole("link", { name: "Go to the first page" }).click();
    await expect(page).toHaveURL("/?size=4");
    await expect(homePage.cards).toHaveCount(4);
  });

  test("a bad page number in the URL falls back on the first page", async ({ homePage }) => {
    await homePage.goto("?page=abc&size=-3");
    await expect(homePage.cards).toHaveCount(6);
  });

  test("has no serious accessibility problems, on one page or several", async ({
    homePage,
    page,
  }) => {
    await homePage.goto();
    await expect(homePage.cards).toHaveCount(6);
    await expectNoSeriousA11yViolations(page);
    await homePage.goto("?page=2&size=4");
    await expect(homePage.pagination).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("an address no page matches", () => {
  // The answer is whole HTML, not a shell the browser must fill in.
  test.use({ javaScriptEnabled: false });

  test("answers 404 in plain words, inside the site and its styles, with a way back", async ({
    page,
  }) => {
    const response = await page.goto("/no-such-page/at/all");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page not found · DocRoute");
    await expect(page.getByTestId("not-found")).toContainText("We couldn't find that page");
    await expect(page.getByRole("banner").getByRole("link", { name: "DocRoute" })).toBeVisible();
    // The stylesheet is loaded: the page has the site's background, not none.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
      "rgba(0, 0, 0, 0)",
    );
    await page.getByRole("link", { name: "See all categories" }).click();
    await expect(page).toHaveURL("/");
  });
});

test.describe("home page when the service is unreachable", () => {
  test("shows a friendly error, not a crash, and offers to try again", async ({ homePage }) => {
    await homePage.goto("", SERVICE_DOWN_URL);
    await expect(homePage.heading).toHaveText("What should we do with your documents?");
    await expect(homePage.errorState).toContainText("We can't reach the document service");
    await expect(homePage.errorState).toContainText("Please try again in a minute");
    await expect(homePage.errorState.getByRole("link", { name: "Try again" })).toBeVisible();
    await expect(homePage.cards).toHaveCount(0);
    await expectNoSeriousA11yViolations(homePage.page);
  });

  test("the browser's route handler answers the same error as JSON", async ({ request }) => {
    const response = await request.get(`${SERVICE_DOWN_URL}/api/categories`);
    expect(response.status()).toBe(503);
    expect(await response.json()).toMatchObject({ code: "service_unreachable" });
  });
});

test.describe("home page when the service refuses the app's key", () => {
  test("asks to contact the administrator and never shows the key", async ({ homePage, page }) => {
    await homePage.goto("", WRONG_KEY_URL);
    await expect(homePage.errorState).toContainText("The service isn't set up correctly");
    await expect(homePage.errorState).toContainText("Please contact your administrator");
    await expect(homePage.errorState.getByRole("link", { name: "Try again" })).toHaveCount(0);
    expect(await page.content()).not.toContain("not-the-service-key");
    await expectNoSeriousA11yViolations(page);
  });

  test("the route handler says misconfigured without a word about the key", async ({ request }) => {
    const response = await request.get(`${WRONG_KEY_URL}/api/categories`);
    expect(response.status()).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ code: "misconfigured" });
    expect(text).not.toContain("not-the-service-key");
    expect(text).not.toMatch(/api.?key/i);
  });
});

test.describe("GET /api/categories", () => {
  test("pages the list and refuses bad paging with one line per field", async ({ request }) => {
    const ok = await request.get("/api/categories?page=2&size=4");
    expect(ok.status()).toBe(200);
    const list = await ok.json();
    expect(list).toMatchObject({ page: 2, pages: 2, size: 4, total: 6 });
    expect(list.items[0]).toMatchObject({
      availability: "coming_soon",
      statusLabel: "Coming soon",
    });

    const bad = await request.get("/api/categories?page=0&size=500");
    expect(bad.status()).toBe(400);
    const body = await bad.json();
    expect(body.code).toBe("bad_request");
    expect(body.fields.map((f: { field: string }) => f.field)).toEqual(["page", "size"]);
  });
});
