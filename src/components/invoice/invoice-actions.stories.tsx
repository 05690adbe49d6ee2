import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { InvoiceActions } from "./invoice-actions";
import { STORY_NOW, sampleInvoice } from "./invoice-fixtures";

const meta = {
  title: "Invoice/InvoiceActions",
  component: InvoiceActions,
  args: { invoice: sampleInvoice(), mode: "pay", now: STORY_NOW, onPrint: fn() },
} satisfies Meta<typeof InvoiceActions>;
export default meta;
type Story = StoryObj<typeof meta>;

/** ACTIVE in pay mode: Make Payment, 'Due in', Download PDF and Print (which calls the handler). */
export const DueToPay: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: "Make Payment" })).toHaveAttribute("href", sampleInvoice().payUrl);
    await expect(c.getByText("Due in 5 days")).toBeVisible();
    await userEvent.click(c.getByRole("button", { name: "Print" }));
    await expect(args.onPrint).toHaveBeenCalled();
  },
};

/** Past the due date: 'Overdue by' in the error colour. */
export const Overdue: Story = {
  args: { invoice: sampleInvoice({ issuedOn: "2026-11-01", paymentDueOn: "2026-11-08" }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Overdue by 17 days")).toBeVisible();
  },
};

/** PAID for the payer: a disabled Paid button and no due notice. */
export const Paid: Story = {
  args: { invoice: sampleInvoice({ status: "PAID" }) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("button", { name: "Paid" })).toBeDisabled();
    await expect(c.queryByTestId("invoice-due")).toBeNull();
  },
};

/** CANCELLED, seen by the merchant: a disabled Cancelled button, no Make Payment. */
export const CancelledMerchant: Story = {
  args: { invoice: sampleInvoice({ status: "CANCELLED" }), mode: "merchant" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("button", { name: "Cancelled" })).toBeDisabled();
    await expect(c.queryByRole("link", { name: "Make Payment" })).toBeNull();
  },
};

export const FrenchPhone: Story = { globals: { locale: "fr", viewport: { value: "phone" } } };
