import { expect, test, type Page } from "@playwright/test";
import { E2E_PAYMENTS_PORT } from "../../playwright.config";

const paymentsOrigin = `http://localhost:${E2E_PAYMENTS_PORT}`;

/** Records every Content-Security-Policy violation the page reports, from before its first script. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))];
}

test.describe("Content-Security-Policy", () => {
  test("the merchant pages run under the policy without a violation", async ({ page }) => {
    const violations = await watchViolations(page);
    const res = await page.goto("/");
    expect(res?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome");
    await page.goto("/auth/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test("the API docs run their inline start-up script under the policy", async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto("/api/docs");
    await expect(page.getByText("zpay API").first()).toBeVisible();
    // The bundled zod probes `Function("")` in a try/catch and falls back when refused: that one
    // refusal is the policy working (no eval), not a broken page.
    expect((await violations()).filter((v) => !/^script-src eval\b|unsafe-eval/.test(v))).toEqual([]);
  });

  test("the pay page runs under the payments policy, which lets merchants frame it", async ({ page }) => {
    const violations = await watchViolations(page);
    const res = await page.goto(`${paymentsOrigin}/?p=unknown-id`);
    expect(res?.headers()["content-security-policy"]).toContain("frame-ancestors *");
    await expect(page.getByRole("status")).toContainText("does not exist");
    expect(await violations()).toEqual([]);
  });

  test("the payments origin does not serve the merchant app's pages", async ({ request }) => {
    for (const p of ["/dashboard/", "/settings/", "/auth/", "/quick-pays/"]) {
      expect((await request.get(`${paymentsOrigin}${p}`)).status(), p).toBe(404);
    }
  });
});
