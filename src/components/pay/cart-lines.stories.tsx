import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import type { CartQuantities } from "@/lib/pay-cart";
import { CartLines, type CartLinesProps } from "./cart-lines";
import { formatToken } from "./pay-format";
import { CART_PRODUCT } from "./testing/fake-pay";

const money = (amount: string) => formatToken(amount, "USDC", "en");

/** The lines with the payer's quantities held in state and amounts in the reader's language, as the pay page does. */
function EditableCart(props: CartLinesProps) {
  const { i18n } = useTranslation();
  const [quantities, setQuantities] = useState<CartQuantities>(props.quantities ?? {});
  return <CartLines {...props} money={(amount) => formatToken(amount, "USDC", i18n.language)} quantities={quantities} onQuantity={(itemId, quantity) => setQuantities((q) => ({ ...q, [itemId]: quantity }))} />;
}

const meta = {
  title: "Pay/CartLines",
  component: CartLines,
  args: { lines: CART_PRODUCT.cart!.lines, money },
} satisfies Meta<typeof CartLines>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Fixed quantities: "price × quantity", the line amounts and the total; no steppers. */
export const FixedQuantities: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("12.5 USDC × 2")).toBeVisible();
    await expect(c.queryByRole("button", { name: /Increase quantity/ })).toBeNull();
    await expect(c.getByText("Total").nextElementSibling).toHaveTextContent("29.5 USDC");
  },
};

/** The payer changes the quantities: the line amounts and the total follow. */
export const EditableQuantities: Story = {
  render: (args) => <EditableCart {...args} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Increase quantity of Ceramic mug" }));
    await expect(c.getByRole("spinbutton", { name: "Quantity of Ceramic mug" })).toHaveValue(3);
    await expect(c.getByText("Total").nextElementSibling).toHaveTextContent("42 USDC");
  },
};

/** Every line at 0: the total is 0 and the payer is asked for at least one item. */
export const Empty: Story = {
  args: { quantities: { mug: 0, tea: 0 } },
  render: (args) => <EditableCart {...args} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("alert")).toHaveTextContent("Choose at least one item.");
    await expect(c.getByRole("button", { name: "Decrease quantity of Ceramic mug" })).toBeDisabled();
  },
};

export const EditableFrench: Story = { render: (args) => <EditableCart {...args} />, globals: { locale: "fr" } };

export const EditablePhone: Story = { render: (args) => <EditableCart {...args} />, globals: { viewport: { value: "phone" } } };
