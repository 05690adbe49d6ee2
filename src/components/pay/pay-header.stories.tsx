import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { BRANDED_PRODUCT, USD_PRODUCT } from "./testing/fake-pay";
import { PayHeader } from "./pay-header";

const meta = {
  title: "Pay/PayHeader",
  component: PayHeader,
  parameters: { layout: "padded" },
} satisfies Meta<typeof PayHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A merchant with a profile: their logo and name. */
export const WithLogo: Story = {
  args: { merchant: BRANDED_PRODUCT.merchant },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(BRANDED_PRODUCT.merchant.displayName)).toBeVisible();
  },
};

/** No logo yet: the name's first letter stands in for it. */
export const NameOnly: Story = {
  args: { merchant: USD_PRODUCT.merchant },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Riverside Climbing Club")).toBeVisible();
  },
};

/** While the link loads: the header keeps its place. */
export const Loading: Story = { args: { merchant: undefined } };
