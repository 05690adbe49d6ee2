import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { completedPayment, failedPayment, shopifyPayment, verifyingSwapPayment, STORY_HASH } from "@/testing/msw/fixtures";
import { TransactionDetailsDialog } from "./transaction-details-dialog";

const meta = {
  title: "Transactions/TransactionDetailsDialog",
  component: TransactionDetailsDialog,
  args: { open: true, onOpenChange: fn(), info: completedPayment, orderId: "3fGtYw8LpQsA", timeZone: "UTC" },
} satisfies Meta<typeof TransactionDetailsDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole("dialog", { name: "Transaction Details" });
/** The value next to a term of the details list. */
const valueOf = (term: string) => within(dialog()).getByText(term, { selector: "dt" }).nextElementSibling as HTMLElement;

/** A completed direct payment: amounts, Direct, the hash linking to Solscan, payer, Completed, every stage timed. */
export const DetailsDialog: Story = {
  play: async () => {
    await expect(dialog()).toHaveAccessibleDescription("Payment for 3fGtYw8LpQsA");
    await expect(valueOf("Requested amount")).toHaveTextContent("12.5 USDC");
    await expect(valueOf("Transaction amount")).toHaveTextContent("12.5 USDC");
    await expect(valueOf("Type")).toHaveTextContent("Direct");
    await expect(within(dialog()).getByRole("link", { name: /View on explorer/ })).toHaveAttribute("href", `https://solscan.io/tx/${STORY_HASH}`);
    await expect(within(valueOf("Status")).getByText("Completed")).toBeVisible();
    const stages = within(dialog()).getByRole("table", { name: "Stages" });
    await expect(within(stages).getAllByRole("row").map((r) => r.textContent)).toEqual([
      "StageTime",
      "InitiatedNov 2, 2026, 10:00 AM",
      "PaidNov 2, 2026, 10:00 AM",
      "ValidatedNov 2, 2026, 10:00 AM",
      "Failed—",
    ]);
  },
};

/** Paid by swapping SOL, not final yet: Swap from SOL, Verifying, no Validated time. */
export const SwapVerifying: Story = {
  args: { info: verifyingSwapPayment },
  play: async () => {
    await expect(valueOf("Type")).toHaveTextContent("Swap from SOL");
    await expect(within(valueOf("Status")).getByText("Verifying")).toBeVisible();
  },
};

/** Failed before reaching the chain: nothing received, no hash, unknown payer. */
export const Failed: Story = {
  args: { info: failedPayment },
  play: async () => {
    await expect(valueOf("Transaction amount")).toHaveTextContent("Nothing received yet");
    await expect(valueOf("Transaction hash")).toHaveTextContent("Not on chain yet");
    await expect(valueOf("Payer")).toHaveTextContent("Unknown");
    await expect(within(valueOf("Status")).getByText("Failed")).toBeVisible();
  },
};

/** A Shopify order on the sandbox network: the store's order id and the server's explorer link. */
export const ShopifyOrder: Story = {
  args: { info: shopifyPayment },
  play: async () => {
    await expect(valueOf("Store order ID")).toHaveTextContent("#1042");
    await expect(within(dialog()).getByRole("link", { name: /View on explorer/ })).toHaveAttribute(
      "href",
      `http://localhost:4322/tx/-5001/${STORY_HASH}`,
    );
  },
};

/** Escape closes it. */
export const Closes: Story = {
  play: async ({ args }) => {
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false));
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async () => {
    await expect(within(document.body).getByRole("dialog", { name: "Détails de la transaction" })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "mobile1" } },
  play: async () => {
    await expect(dialog()).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
