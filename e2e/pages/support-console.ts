import { expect, type Locator, type Page } from "@playwright/test";
import { SUPPORT_E2E_ACCOUNT } from "../../playwright.config";

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

/** Opens `next` signed out, signs in with the e2e staff account, and lands there. */
export async function signIn(page: Page, next = "/support"): Promise<SupportConsole> {
  const support = new SupportConsole(page);
  await page.goto(next);
  await expect(page).toHaveURL(/\/support\/sign-in/);
  await support.signIn(SUPPORT_E2E_ACCOUNT.username, SUPPORT_E2E_ACCOUNT.password);
  await expect(page.getByTestId("staff-name")).toHaveText(SUPPORT_E2E_ACCOUNT.username);
  return support;
}
