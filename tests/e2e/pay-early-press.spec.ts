import { expect, test } from "@playwright/test";
import { merchantReceivingEverywhere } from "./pay-helpers";

/**
 * A payer who presses a chain family before the pay page's small script has run (a slow phone,
 * or simply fast fingers) is not ignored: the served button submits its form, the page comes back
 * with `&family=`, and the script starts that family at once.
 */
test("a family pressed before the page's script runs reloads with it picked, and that family's page opens", async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { link } = await merchantReceivingEverywhere(page, "Early press", "4");

  // No script at all: the press is a plain form submission.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const payer = await noScript.newPage();
    await payer.goto(link);
    await payer.getByRole("button", { name: "Pay with an EVM wallet" }).click();
    await expect(payer).toHaveURL(/[?&]family=evm(&|$)/);
    await expect(payer.getByRole("heading", { name: "Early press" })).toBeVisible();
  } finally {
    await noScript.close();
  }

  // That address with the script: the EVM family's page, no second press needed.
  const payer = await context.newPage();
  await payer.goto(`${link}&family=evm`);
  await expect(payer.getByRole("radio", { name: "EVM", exact: true })).toBeChecked({ timeout: 30_000 });
  await expect(payer.getByText("Choose the wallet you want to pay with.")).toBeVisible();
});
