import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { PayNotice } from "./pay-notice";

const meta = {
  title: "Pay/PayNotice",
  component: PayNotice,
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof PayNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NoPaymentLink: Story = {
  args: { paymentId: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Open the payment link");
  },
};
export const UnknownPaymentLink: Story = {
  args: { paymentId: "does-not-exist" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("does not exist");
  },
};
