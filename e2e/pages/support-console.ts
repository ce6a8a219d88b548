import type { Locator, Page } from "@playwright/test";

/** `/support/**`: the staff console. */
export class SupportConsole {
  readonly lookup: Locator;
  readonly runRows: Locator;
  readonly unknown: Locator;

  constructor(readonly page: Page) {
    this.lookup = page
      .getByRole("searchbox")
      .or(page.getByLabel("Trace id, Idempotency-Key or object key"));
    this.runRows = page.getByTestId("run-row");
    this.unknown = page.getByTestId("lookup-unknown");
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.page.getByLabel("User name").fill(username);
    await this.page.getByLabel("Password").fill(password);
    await this.page.getByRole("button", { name: "Sign in" }).click();
  }

  async find(id: string): Promise<void> {
    await this.lookup.fill(id);
    await this.page.getByRole("button", { name: "Find run" }).click();
  }
}
