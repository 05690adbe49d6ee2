import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { InvoiceParties } from "./invoice-parties";
import { sampleInvoice } from "./invoice-fixtures";

const meta = {
  title: "Invoice/InvoiceParties",
  component: InvoiceParties,
  args: { invoice: sampleInvoice() },
} satisfies Meta<typeof InvoiceParties>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Bill From (the invoice's own From block) and Bill To (the payee as billed). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Studio Nord")).toBeVisible();
    await expect(c.getByText("Ada Lovelace")).toBeVisible();
  },
};

/** No From block: Bill From falls back to the merchant's display name. */
export const MerchantAsSender: Story = {
  args: { invoice: sampleInvoice({ invoiceFrom: null }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("7xKX…gAsU")).toBeVisible();
  },
};

export const French: Story = { globals: { locale: "fr" } };

export const Phone: Story = { globals: { viewport: { value: "phone" } } };
