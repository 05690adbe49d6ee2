import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { pickPayOption } from "./pay-flow";
import { SandboxFaucet } from "./sandbox-faucet";
import { FAUCET_GRANT, USD_PRODUCT } from "./testing/fake-pay";

const meta = {
  title: "Pay/SandboxFaucet",
  component: SandboxFaucet,
  parameters: { layout: "padded" },
  args: { faucet: { status: "idle" }, option: pickPayOption(USD_PRODUCT)!, onRequest: fn() },
} satisfies Meta<typeof SandboxFaucet>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Offered in sandbox: one button asks for test USDC and SOL. */
export const Offered: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Get test USDC" }));
    await expect(args.onRequest).toHaveBeenCalledTimes(1);
  },
};

export const Sending: Story = {
  args: { faucet: { status: "sending" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Sending test coins to your wallet…")).toBeVisible();
  },
};

export const Granted: Story = {
  args: { faucet: { status: "granted", grant: FAUCET_GRANT } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^Sent 1,000 USDC and 1 SOL/)).toBeVisible();
  },
};

export const Failed: Story = {
  args: { faucet: { status: "failed", message: "Too many attempts. Please wait a minute and try again." } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^No test coins were sent\. Too many attempts/)).toBeVisible();
  },
};

/** No wallet connected yet: nothing to send coins to. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Get test USDC" })).toBeDisabled();
  },
};
