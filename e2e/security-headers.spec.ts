// Every page, the 404 page included, carries a nonce-based
// Content-Security-Policy and the hardening headers (proxy.ts,
// lib/http/security-headers.ts), and the pages still work under it: an upload
// runs end to end with no CSP violation in the console. The API refuses a
// cross-site POST.
import path from "node:path";
import { CATEGORY, expect, test } from "./fixtures";

const PDF = path.resolve(process.cwd(), "fixtures/text-layer.pdf");

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

test.describe("security headers", () => {
  for (const [pathname, status] of [
    ["/", 200],
    [`/categories/${CATEGORY.pdfText.id}`, 200],
    ["/documents", 200],
    ["/no-such-page", 404],
  ] as const) {
    test(`${pathname} has a nonce CSP and the hardening headers`, async ({ request }) => {
      const first = await request.get(pathname);
      expect(first.status()).toBe(status);
      const headers = first.headers();
      const policy = headers["content-security-policy"] ?? "";
      const csp = directives(policy);
      const scripts = csp.get("script-src") ?? [];
      expect(scripts.some((v) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(v))).toBe(true);
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
      // The browser's PUT goes to the grant's upload URL: its origin must be allowed.
      const grant = await request.post(`/api/categories/${CATEGORY.pdfText.id}/uploads`, {
        data: { contentType: "application/pdf" },
      });
      expect(grant.status()).toBe(200);
      // The API's JSON has the fixed headers too (next.config.mjs; proxy.ts skips /api).
      expect(grant.headers()["x-content-type-options"]).toBe("nosniff");
      expect(grant.headers()["x-frame-options"]).toBe("DENY");
      const { uploadUrl } = (await grant.json()) as { uploadUrl: string };
      expect(csp.get("connect-src")).toContain(new URL(uploadUrl).origin);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toMatch(
        /^(strict-origin-when-cross-origin|no-referrer|same-origin|strict-origin)$/,
      );

      // Every script tag carries this response's nonce; the next response has another.
      const nonce = scripts.find((v) => v.startsWith("'nonce-"))?.slice(7, -1) ?? "";
      const html = await first.text();
      const tags = html.match(/<script\b[^>]*>/g) ?? [];
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      const again = await request.get(pathname);
      expect(again.headers()["content-security-policy"]).not.toBe(policy);
    });
  }

  test("an upload runs to the end with no CSP violation", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) {
        violations.push(message.text());
      }
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(
          `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`,
        );
      });
    });
    await page.goto(`/categories/${CATEGORY.pdfText.id}`);
    await page.locator('input[type="file"]').setInputFiles(PDF);
    const row = page.getByTestId("upload-row").filter({ hasText: "text-layer.pdf" });
    await expect(row).toHaveAttribute("data-stage", /^(done|failed)$/, { timeout: 45_000 });
    await expect(row).toHaveAttribute("data-stage", "done");
    expect(violations).toEqual([]);
  });

  test("the API refuses a POST from another site", async ({ request }) => {
    const response = await request.post(`/api/categories/${CATEGORY.pdfText.id}/uploads`, {
      headers: { Origin: "https://evil.example" },
      data: { contentType: "application/pdf" },
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ code: "forbidden" });
  });
});
