import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { InvoiceLines } from "./invoice-lines";
import { sampleInvoice } from "./invoice-fixtures";

const meta = {
  title: "Invoice/InvoiceLines",
  component: InvoiceLines,
  args: { invoice: sampleInvoice() },
} satisfies Meta<typeof InvoiceLines>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The DEFAULT layout: description, quantity, unit price, tax, amount. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole("table", { name: "Invoice lines" });
    await expect(within(table).getByText("Hosting (monthly)")).toBeVisible();
  },
};

/** The LEGAL layout: particulars, professional and official fees, VAT. */
export const Legal: Story = {
  args: { invoice: sampleInvoice({ layout: "LEGAL" }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("columnheader", { name: "Professional fees" })).toBeVisible();
  },
};

export const French: Story = { globals: { locale: "fr" } };

/** On a phone each line is a card of labelled rows: no column is pushed off screen. */
export const LegalPhone: Story = { args: { invoice: sampleInvoice({ layout: "LEGAL" }) }, globals: { viewport: { value: "phone" } } };
