import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import {
  completedPayment,
  failedPayment,
  fullyRefundedPayment,
  partiallyRefundedPayment,
  shopifyPayment,
  verifyingSwapPayment,
  STORY_HASH,
} from "@/testing/msw/fixtures";
import { TransactionDetailsDialog } from "./transaction-details-dialog";

const meta = {
  title: "Transactions/TransactionDetailsDialog",
  component: TransactionDetailsDialog,
  args: { open: true, onOpenChange: fn(), info: completedPayment, orderId: "3fGtYw8LpQsA", timeZone: "UTC" },
} satisfies Meta<typeof TransactionDetailsDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A zCart payment: two lines frozen at start. */
const cartPayment = {
  ...completedPayment,
  type: "product",
  requestedAmount: { value: "29500000", decimals: 6, currency: "USDC" },
  recievedAmount: { value: "29500000", decimals: 6, currency: "USDC" },
  productInfo: { price: "29.5", currency: "USDC", userCurrency: "USD", useFiat: false, fiat: null, cToken: "USDC" },
  orderDetails: {
    lines: [
      { itemId: "mug", name: "Ceramic mug", unitPrice: "12.5", quantity: 2, amount: "25" },
      { itemId: "tea", name: "Green tea, 100 g", unitPrice: "4.5", quantity: 1, amount: "4.5" },
    ],
  },
};
/** A donation with the donor's name and message. */
const donationPayment = {
  ...completedPayment,
  type: "donate",
  orderDetails: { donor: { name: "Grace Hopper", message: "Thank you for the workshop!\nSee you next year." } },
};

const dialog = () => within(document.body).getByRole("dialog", { name: "Transaction Details" });
/** The value next to a term of the details list. */
const valueOf = (term: string) => within(dialog()).getByText(term, { selector: "dt" }).nextElementSibling as HTMLElement;

/** A completed direct payment: amounts, Direct, the hash linking to Solscan, payer, Completed, every stage timed. */
export const DetailsDialog: Story = {
  play: async () => {
    await expect(dialog()).toHaveAccessibleDescription("Payment for 3fGtYw8LpQsA");
    await expect(valueOf("Product")).toHaveTextContent("zLink");
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

/** 5 of 12.5 USDC refunded: a Refunded line reads "5 USDC (partial)"; no Refunded stage yet; the chip still reads Completed (SPEC order). */
export const PartiallyRefunded: Story = {
  args: { info: partiallyRefundedPayment },
  play: async () => {
    await expect(valueOf("Transaction amount")).toHaveTextContent("12.5 USDC");
    await expect(valueOf("Refunded")).toHaveTextContent("5 USDC (partial)");
    await expect(within(valueOf("Status")).getByText("Completed")).toBeVisible();
    const stages = within(dialog()).getByRole("table", { name: "Stages" });
    await expect(within(stages).queryByRole("rowheader", { name: "Refunded" })).toBeNull();
  },
};

/** Refunded whole: "12.5 USDC (full)" and a Refunded stage with its time, after the others. */
export const FullyRefunded: Story = {
  args: { info: fullyRefundedPayment },
  play: async () => {
    await expect(valueOf("Refunded")).toHaveTextContent("12.5 USDC (full)");
    const stages = within(dialog()).getByRole("table", { name: "Stages" });
    await expect(within(stages).getAllByRole("row").map((r) => r.textContent)).toEqual([
      "StageTime",
      "InitiatedNov 2, 2026, 10:00 AM",
      "PaidNov 2, 2026, 10:00 AM",
      "ValidatedNov 2, 2026, 10:00 AM",
      "Failed—",
      "RefundedNov 3, 2026, 2:30 PM",
    ]);
  },
};

/** Remboursé en partie, en français, sur un téléphone de 360 px : « 5 USDC (partiel) », sans débordement. */
export const PartiallyRefundedFrenchPhone: Story = {
  args: { info: partiallyRefundedPayment },
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async () => {
    const fr = within(document.body).getByRole("dialog", { name: "Détails de la transaction" });
    await expect(within(fr).getByText("Remboursé", { selector: "dt" }).nextElementSibling).toHaveTextContent("5 USDC (partiel)");
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
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

/** A zCart payment: "zCart" and the order's lines, each with unit price, quantity and amount. */
export const CartOrder: Story = {
  args: { info: cartPayment },
  play: async () => {
    await expect(valueOf("Product")).toHaveTextContent("zCart");
    const order = within(dialog()).getByRole("table", { name: "Order" });
    await expect(within(order).getAllByRole("row").map((r) => r.textContent)).toEqual([
      "ItemUnit priceQuantityAmount",
      "Ceramic mug12.5 USDC225 USDC",
      "Green tea, 100 g4.5 USDC14.5 USDC",
    ]);
  },
};

/** A donation: "Donation", the donor's name and message for the merchant. */
export const DonationNote: Story = {
  args: { info: donationPayment },
  play: async () => {
    await expect(valueOf("Product")).toHaveTextContent("Donation");
    const donor = within(dialog()).getByRole("region", { name: "Donor" });
    await expect(donor).toHaveTextContent("Grace Hopper");
    await expect(donor).toHaveTextContent("Thank you for the workshop!");
    await expect(within(dialog()).queryByRole("table", { name: "Order" })).toBeNull();
  },
};

/** Un don, en français : « Don », le nom et le message du donateur. */
export const DonationFrench: Story = {
  args: { info: donationPayment },
  globals: { locale: "fr" },
  play: async () => {
    const fr = within(document.body).getByRole("dialog", { name: "Détails de la transaction" });
    await expect(within(fr).getByText("Produit", { selector: "dt" }).nextElementSibling).toHaveTextContent("Don");
    await expect(within(fr).getByRole("region", { name: "Donateur" })).toHaveTextContent("Grace Hopper");
  },
};

/** A zCart at 360 px: the lines table fits. */
export const CartOrderPhone: Story = {
  args: { info: cartPayment },
  globals: { viewport: { value: "phone" } },
  play: async () => {
    await expect(within(dialog()).getByRole("table", { name: "Order" })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
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
  globals: { viewport: { value: "phone" } },
  play: async () => {
    await expect(dialog()).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** A validated payment offers Refund when the page allows it; the button opens the refund dialog on this payment. */
export const OffersRefund: Story = {
  args: { refundable: true, sendRefund: fn(async () => "5igRefund") },
  parameters: {
    merchantSession: true,
    serverData: { refundables: { [completedPayment._id]: { received: "12500000", refunded: "0", balance: "40000000", decimals: 6, token: "USDC" } } },
  },
  play: async () => {
    await userEvent.click(within(dialog()).getByRole("button", { name: "Refund" }));
    const refund = within(document.body).getByRole("dialog", { name: "Refund" });
    await waitFor(() => expect(within(refund).getByText("12.5 USDC")).toBeVisible());
  },
};

/** A payment that failed offers no refund, even where the page allows it. */
export const FailedOffersNoRefund: Story = {
  args: { refundable: true, info: failedPayment },
  play: async () => {
    await expect(within(dialog()).queryByRole("button", { name: "Refund" })).toBeNull();
  },
};
