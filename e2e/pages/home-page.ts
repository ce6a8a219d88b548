import type { Locator, Page } from "@playwright/test";

/** `/`: the category list as a person sees it. */
export class HomePage {
  readonly heading: Locator;
  readonly cards: Locator;
  readonly summary: Locator;
  readonly pagination: Locator;
  readonly errorState: Locator;
  readonly emptyState: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1 });
    this.cards = page.getByTestId("category-card");
    this.summary = page.getByTestId("list-summary");
    this.pagination = page.getByRole("navigation", { name: "Pagination" });
    this.errorState = page.getByTestId("error-state");
    this.emptyState = page.getByTestId("empty-state");
  }

  async goto(search = "", baseUrl = ""): Promise<void> {
    await this.page.goto(`${baseUrl}/${search}`);
  }

  card(name: string): Locator {
    return this.cards.filter({ has: this.page.getByRole("heading", { name, exact: true }) });
  }

  badgeOf(name: string): Locator {
    return this.card(name).getByTestId("status-badge");
  }

  async cardNames(): Promise<string[]> {
    return this.cards.getByRole("heading").allInnerTexts();
  }
}
