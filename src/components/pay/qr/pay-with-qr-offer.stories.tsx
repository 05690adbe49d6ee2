import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { PayWithQrOffer } from "./pay-with-qr-offer";

const meta = {
  title: "Pay/PayWithQrOffer",
  component: PayWithQrOffer,
  parameters: { layout: "padded" },
  args: { onPay: fn() },
} satisfies Meta<typeof PayWithQrOffer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No wallet connected here: pay with a phone wallet instead. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Show a QR code" }));
    await expect(args.onPay).toHaveBeenCalledTimes(1);
  },
};

/** The payment is starting: the button waits. */
export const Busy: Story = {
  args: { busy: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Show a QR code" })).toBeDisabled();
  },
};
