import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ChainsStep } from "./chains-step";
import { chainRow } from "./story-fakes";

const few = [chainRow(-5001, "Solana Devnet", "solana"), chainRow(31337, "Local EVM A", "evm"), chainRow(31338, "Local EVM B", "evm")];
const many = [
  chainRow(-5000, "Solana", "solana"),
  chainRow(1, "Ethereum", "evm"),
  chainRow(10, "Optimism", "evm"),
  chainRow(56, "BNB Smart Chain", "evm"),
  chainRow(137, "Polygon", "evm"),
  chainRow(8453, "Base", "evm"),
];

const meta = {
  title: "Wallet/WalletConnectDialog/ChainsStep",
  component: ChainsStep,
  args: { chains: few, onPick: fn() },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof ChainsStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Up to five networks: a plain list, no search box; a pick names the network's id. */
export const FewNetworks: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole("searchbox")).toBeNull();
    await userEvent.click(c.getByRole("button", { name: "Local EVM B" }));
    await expect(args.onPick).toHaveBeenCalledWith(31338);
  },
};

/** More than five: the search box filters the list. */
export const ManyNetworksSearched: Story = {
  args: { chains: many },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByRole("searchbox"), "pol");
    await expect(c.getByRole("button", { name: "Polygon" })).toBeVisible();
    await expect(c.queryByRole("button", { name: "Base" })).toBeNull();
  },
};

export const French: Story = {
  args: { chains: many },
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("searchbox")).toBeVisible();
  },
};
