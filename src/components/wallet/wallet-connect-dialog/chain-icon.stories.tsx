import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { ChainIcon } from "./chain-icon";

const meta = {
  title: "Wallet/WalletConnectDialog/ChainIcon",
  component: ChainIcon,
  args: { chainId: -5001 },
} satisfies Meta<typeof ChainIcon>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Solana's coin, decorative (empty alt). */
export const Solana: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("img")).toHaveAttribute("src", "/assets/tokens/sol.svg");
  },
};

/** Every EVM chain shows ETH's coin. */
export const Evm: Story = {
  args: { chainId: 137 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("img")).toHaveAttribute("src", "/assets/tokens/eth.svg");
  },
};

/** A chain of no known family: a plain disc. */
export const OtherChain: Story = {
  args: { chainId: 1_000_000 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("img")).toBeNull();
  },
};
