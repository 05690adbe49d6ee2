import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ProductFacts } from "./product-facts";
import { INVOICE_PRODUCT, REQUEST_PRODUCT, USD_PRODUCT } from "./testing/fake-pay";

const meta = {
  title: "Pay/ProductFacts",
  component: ProductFacts,
  args: { product: REQUEST_PRODUCT },
} satisfies Meta<typeof ProductFacts>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A zRequest: whom it is for. */
export const RequestForName: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Payment request for Ada Lovelace")).toBeVisible();
  },
};

/** An invoice: its number, due date and a link to its page. */
export const Invoice: Story = {
  args: { product: INVOICE_PRODUCT },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Invoice INV-2026-0042")).toBeVisible();
    await expect(c.getByText("Due 2026/12/15")).toBeVisible();
    await expect(c.getByRole("link", { name: /View invoice/ })).toHaveAttribute("href", INVOICE_PRODUCT.invoice!.url);
  },
};

export const InvoiceFrench: Story = { args: { product: INVOICE_PRODUCT }, globals: { locale: "fr" } };

/** A zLink has no facts: nothing is shown. */
export const NothingForAZLink: Story = {
  args: { product: USD_PRODUCT },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("[data-slot=product-facts]")).toBeNull();
  },
};
