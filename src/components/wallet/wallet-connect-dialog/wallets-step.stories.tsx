import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { fakeWallet } from "./story-fakes";
import { WalletsStep } from "./wallets-step";

const metaMask = fakeWallet("MetaMask", "evm", "#f6851b");

const meta = {
  title: "Wallet/WalletConnectDialog/WalletsStep",
  component: WalletsStep,
  args: { family: "evm", wallets: [metaMask, fakeWallet("Rabby", "evm", "#7084ff")], onChoose: fn(), onManual: fn() },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof WalletsStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The browser's wallets by name and icon, then manual entry; a click hands the wallet over. */
export const InstalledWallets: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "MetaMask" }));
    await expect(args.onChoose).toHaveBeenCalledWith(metaMask);
    await userEvent.click(c.getByRole("button", { name: "Enter address manually" }));
    await expect(args.onManual).toHaveBeenCalled();
  },
};

/** No wallet of the family in this browser: the well-known one's site, opening in a new tab. */
export const NoWalletInstalled: Story = {
  args: { wallets: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: /Install MetaMask/ })).toHaveAttribute("target", "_blank");
  },
};

/** A network without a connectable family: manual entry only. */
export const ManualOnly: Story = {
  args: { family: null, wallets: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole("list")).toBeNull();
    await expect(c.getByRole("button", { name: "Enter address manually" })).toBeVisible();
  },
};

/** Deployer mode (no manual entry) after the last attempt failed: the failure above the list. */
export const DeployerAfterAFailure: Story = {
  args: { onManual: undefined, error: "MetaMask did not connect: <b>request rejected</b>." },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("alert")).toHaveTextContent("MetaMask did not connect: request rejected.");
    await expect(c.queryByRole("button", { name: "Enter address manually" })).toBeNull();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  args: { wallets: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("button").length).toBeGreaterThan(0);
  },
};
