import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { SOLANA_DEVNET } from "@/lib/chains";
import { storyWallet } from "@/testing/msw/fixtures";
import { chainRow } from "@/components/wallet/wallet-connect-dialog/story-fakes";
import { ReceivingWalletFacts } from "./deposits-panel-wallet";

const EVM = "0x52908400098527886E0F7030069857D2E4169EE7";
const offered = [chainRow(SOLANA_DEVNET, "Solana Devnet", "solana", storyWallet.address), chainRow(31337, "Local EVM A", "evm", EVM), chainRow(31338, "Local EVM B", "evm", EVM)];
const evmWallet = { ...storyWallet, _id: "w2", chain: 31337, chainName: "Local EVM A", family: "evm" as const, chains: [31337, 31338], address: EVM, type: "metamask" as const, walletName: "MetaMask", proven: true };

const meta = {
  title: "Settings/ReceivingWalletFacts",
  component: ReceivingWalletFacts,
  args: { wallet: storyWallet, offered },
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
} satisfies Meta<typeof ReceivingWalletFacts>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A Solana address typed in: first and last 11 characters, its network, active. */
export const SolanaEnteredManually: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(`${storyWallet.address.slice(0, 11)}…${storyWallet.address.slice(-11)}`)).toBeVisible();
    await expect(c.getByText("Solana Devnet")).toBeVisible();
    await expect(c.getByText("Entered manually")).toBeVisible();
  },
};

/** One EVM address proven by MetaMask, receiving on both EVM networks. */
export const EvmConnectedOnTwoNetworks: Story = {
  args: { wallet: evmWallet },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Local EVM A, Local EVM B")).toBeVisible();
  },
};

/** A wallet marked invalid. */
export const Invalid: Story = {
  args: { wallet: { ...storyWallet, valid: false } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText("Active")).toBeNull();
  },
};

export const FrenchOnAPhone: Story = {
  args: { wallet: evmWallet },
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Local EVM A, Local EVM B")).toBeVisible();
  },
};
