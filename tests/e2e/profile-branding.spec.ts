import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { signInMerchant } from "../fixtures/merchant";
import { createZLink, SHOTS, toast } from "./pay-helpers";

test("the merchant sets name, logo and colour and a payer sees them on the pay page", async ({ page, context, browser }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInMerchant(page);

  // Settings opens on the Profile tab.
  await page.goto("/settings");
  const tabs = page.getByRole("navigation", { name: "Settings sections" });
  await expect(tabs.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "Deposits" })).toHaveAttribute("href", "/settings/deposits");

  // Billing currency: saved at once.
  await page.getByLabel("Currency").selectOption("EUR");
  await expect(toast(page, "Billing currency updated to EUR")).toBeVisible();

  // A PNG logo named .jpg (the server goes by its bytes), 1200 × 600: stored within 512 px.
  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#f59e0b" } }).png().toBuffer();
  await page.getByLabel("Choose a logo").setInputFiles({ name: "logo.jpg", mimeType: "image/jpeg", buffer: png });
  const preview = page.getByRole("img", { name: "Your logo" });
  await expect(preview).toBeVisible();
  const logoUrl = (await preview.getAttribute("src"))!;
  expect(logoUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);

  // An SVG is refused before it is sent.
  await page.getByLabel("Choose a logo").setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") });
  await expect(page.getByRole("alert").filter({ hasText: "Upload a JPEG or PNG image." })).toBeVisible();

  await page.getByLabel("Display name").fill("Acme Coffee");
  await page.getByLabel("Brand colour", { exact: true }).fill("#1E3A8A");
  await expect(page.getByTestId("merchant-brand")).toHaveCSS("color", "rgb(255, 255, 255)");
  await page.getByLabel("City").fill("Lyon");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(toast(page, "Profile saved")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/profile-branding-settings.png`, fullPage: true });

  // Reloaded, the profile is the saved one (colour lower-cased).
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profile");
  await expect(page.getByLabel("Display name")).toHaveValue("Acme Coffee");
  await expect(page.getByLabel("Brand colour", { exact: true })).toHaveValue("#1e3a8a");
  await expect(page.getByLabel("Currency")).toHaveValue("EUR");

  const { link } = await createZLink(page, "Espresso beans", "12.5");

  // The payer, on a phone, no account: the merchant's name, logo and colour, with white text on it.
  const payerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const payer = await payerContext.newPage();
  await payer.goto(link);
  await expect(payer.getByRole("heading", { name: "Espresso beans" })).toBeVisible();
  const header = payer.locator('[data-slot="pay-header"]');
  await expect(header).toContainText("Acme Coffee");
  const logo = header.locator("img");
  await expect(logo).toHaveAttribute("src", logoUrl);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(512);
  const pagePaint = payer.locator('[data-slot="pay-page"]');
  await expect.poll(() => pagePaint.evaluate((el) => getComputedStyle(el).getPropertyValue("--primary").trim())).toBe("#1e3a8a");
  await expect.poll(() => pagePaint.evaluate((el) => getComputedStyle(el).getPropertyValue("--primary-foreground").trim())).toBe("#ffffff");
  await payer.screenshot({ path: `${SHOTS}/profile-branding-pay-page.png`, fullPage: true });
  await payerContext.close();
});
