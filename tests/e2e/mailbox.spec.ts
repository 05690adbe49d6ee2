import { expect, test } from "@playwright/test";
import nodemailer from "nodemailer";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { render } from "../../src/server/jobs/mail/templates";
import { E2E_APP_PORT, SHOTS } from "./pay-helpers";
import { mailLink, waitForMail } from "./mailbox";

/** The sandbox's embedded SMTP server, on the port playwright.config.ts gives it. */
const SMTP_PORT = E2E_APP_PORT + 1000;

test.describe("sandbox mailbox", () => {
  test("a mail the sandbox sends is listed and opens with its HTML in a sandboxed frame and its text part", async ({ page, request }) => {
    const to = `payer-${Date.now()}@example.com`;
    const mail = render(
      "collect-request",
      "fr",
      { merchantName: "Boulangerie <Dupont>", payerName: "Zoé", amount: "12.5", currency: "USDC", message: "Facture n°42\nMerci !", payUrl: "http://localhost:4322/?p=abc123" },
      "zPay",
    );
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: SMTP_PORT, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: "zPay <no-reply@localhost>", to, ...mail });
    transport.close();

    const received = await waitForMail(request, { to, subjectIncludes: "vous demande de payer" });
    expect(received.subject).toBe("Boulangerie <Dupont> vous demande de payer 12,5 USDC");
    expect(mailLink(received, /\?p=/)).toBe("http://localhost:4322/?p=abc123");

    await page.goto("/sandbox/mail");
    await expect(page.getByRole("heading", { level: 1, name: "Sandbox mailbox" })).toBeVisible();
    const item = page.getByRole("link", { name: /Boulangerie <Dupont> vous demande de payer 12,5 USDC/ }).first();
    await expect(item).toContainText(`To ${to}`);
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/sandbox/mail\\?id=${received.id}$`));
    await expect(page.getByRole("heading", { level: 2, name: received.subject })).toBeVisible();
    const frame = page.locator('iframe[title="HTML part of the e-mail"]');
    await expect(frame).toHaveAttribute("sandbox", "");
    await expect(page.frameLocator('iframe[title="HTML part of the e-mail"]').getByRole("link", { name: "Payer maintenant" })).toBeVisible();
    await expect(page.locator("pre")).toContainText("Facture n°42\nMerci !");
    await page.screenshot({ path: `${SHOTS}/sandbox-mailbox.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/sandbox-mailbox-360.png`, fullPage: true });
  });

  test("the merchant's language reaches the server right after sign-in", async ({ page }) => {
    const wallet = createSolanaTestWallet();
    await wallet.install(page);
    await page.goto("/auth");
    await page.getByRole("combobox", { name: "Language" }).selectOption("fr");
    await expect(page.getByRole("combobox", { name: "Langue" })).toHaveValue("fr");
    const saved = page.waitForRequest((r) => r.url().endsWith("/api/me/language") && r.method() === "PUT");
    await page.getByRole("button", { name: `Continuer avec ${wallet.name}` }).click();
    const put = await saved;
    expect(put.postDataJSON()).toEqual({ language: "fr" });
    expect((await put.response())?.status()).toBe(200);
    // Then the sign-in goes on as before: the terms, in French.
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Accepter" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
