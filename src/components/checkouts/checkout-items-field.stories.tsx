import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { sampleCatalog } from "@/testing/msw/cart-fixtures";
import { CheckoutItemsField } from "./checkout-items-field";

const meta = {
  title: "zCart/CheckoutItemsField",
  component: CheckoutItemsField,
  parameters: { layout: "padded" },
  args: { items: sampleCatalog.filter((i) => i.enabled), lines: [{ itemId: "i1", quantity: 2 }], onChange: fn() },
} satisfies Meta<typeof CheckoutItemsField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A picked item shows its quantity; picking another adds it with 1. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("spinbutton", { name: "Quantity of Coffee mug" })).toHaveValue(2);
    await userEvent.click(c.getByRole("checkbox", { name: "Include Organic tee" }));
    await expect(args.onChange).toHaveBeenCalledWith([
      { itemId: "i1", quantity: 2 },
      { itemId: "i2", quantity: 1 },
    ]);
  },
};

/** The list's own message and a line's quantity message. */
export const Errors: Story = {
  args: { error: "All items of a checkout must be in the same currency", quantityErrors: { i1: "Quantity must be between 1 and 99" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("alert")).toHaveTextContent("All items of a checkout must be in the same currency");
    await expect(c.getByRole("spinbutton", { name: "Quantity of Coffee mug" })).toHaveAccessibleDescription("Quantity must be between 1 and 99");
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async () => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
