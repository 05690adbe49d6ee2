import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { EvmNetworkSwitch } from "./evm-network-switch";

const meta = {
  title: "Pay/EvmNetworkSwitch",
  component: EvmNetworkSwitch,
  args: { current: "Local EVM A", target: "Local EVM B", switching: false, onSwitch: fn() },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof EvmNetworkSwitch>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The wallet is on another network than the one picked: the button asks it to switch. */
export const NeedsSwitch: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("alert")).toHaveTextContent("Your wallet is on Local EVM A. Switch it to Local EVM B to pay.");
    await userEvent.click(c.getByRole("button", { name: "Switch to Local EVM B" }));
    await expect(args.onSwitch).toHaveBeenCalledOnce();
  },
};

/** Waiting for the wallet to confirm: the button waits too. */
export const Switching: Story = {
  args: { switching: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: /Confirm the switch to Local EVM B/ })).toBeDisabled();
  },
};

/** The wallet is on a network this page does not know. */
export const UnknownNetwork: Story = {
  args: { current: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).not.toHaveTextContent("undefined");
  },
};

export const FrenchOnAPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button")).toBeEnabled();
  },
};
