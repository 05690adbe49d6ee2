import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { PayPreview } from "./pay-preview";
import { BRANDED_PRODUCT, USD_PRODUCT } from "./testing/fake-pay";

/** The pay page as the payments origin serves it, before any JavaScript: summary and the chain family to pick. */
const meta = {
  title: "Pay/PayPreview",
  component: PayPreview,
  parameters: { layout: "fullscreen" },
  args: { productId: USD_PRODUCT.id, product: USD_PRODUCT },
} satisfies Meta<typeof PayPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Served: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole("heading", { name: USD_PRODUCT.label })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay with Solana" })).toHaveAttribute("data-pay-family", "solana");
  },
};

export const Branded: Story = { args: { productId: BRANDED_PRODUCT.id, product: BRANDED_PRODUCT } };

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Payer avec Solana" })).toBeVisible();
  },
};

/** An unknown or disabled link. */
export const NotFound: Story = { args: { productId: "unknown-id", product: null } };
