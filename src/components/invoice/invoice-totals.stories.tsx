import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { InvoiceTotals } from "./invoice-totals";
import { sampleInvoice } from "./invoice-fixtures";

const meta = {
  title: "Invoice/InvoiceTotals",
  component: InvoiceTotals,
  args: { invoice: sampleInvoice() },
} satisfies Meta<typeof InvoiceTotals>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Subtotal, total tax and total, in the invoice's currency. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId("invoice-total")).toHaveTextContent("1,499.97 USD");
  },
};

/** The LEGAL layout's totals (fees and VAT). */
export const Legal: Story = {
  args: { invoice: sampleInvoice({ layout: "LEGAL" }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId("invoice-total")).toHaveTextContent("971.20 USD");
  },
};

/** French grouping and decimal comma. */
export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId("invoice-total")).toHaveTextContent("1 499,97 USD");
  },
};
