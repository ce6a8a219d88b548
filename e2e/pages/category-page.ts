import type { Locator, Page } from "@playwright/test";

/** `/categories/[id]`: one category, and its upload area when it is active. */
export class CategoryPage {
  readonly heading: Locator;
  readonly badge: Locator;
  readonly breadcrumb: Locator;
  readonly uploader: Locator;
  readonly unavailable: Locator;
  readonly notFound: Locator;
  readonly errorState: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1 });
    this.badge = page.getByTestId("category-header").getByTestId("status-badge");
    this.breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    this.uploader = page.getByTestId("document-uploader");
    this.unavailable = page.getByTestId("category-unavailable");
    this.notFound = page.getByTestId("not-found");
    this.errorState = page.getByTestId("error-state");
  }

  async goto(id: string, baseUrl = ""): Promise<void> {
    await this.page.goto(`${baseUrl}/categories/${id}`);
  }
}
