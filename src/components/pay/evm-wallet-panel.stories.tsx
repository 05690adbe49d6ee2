import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { PaymentProgress } from "./payment-progress";
import { pickPayOption } from "./pay-option";
import { EVM_PAYER, LOCAL_EVM_A, LOCAL_EVM_B, MULTI_CHAIN_PRODUCT } from "./testing/fake-pay";
import { WalletPanel, type DetectedWallet, type PayWalletView } from "./wallet-panel";

/** The EVM wallet panel alone, sized for a 360 px phone: the parts of the pay page an EVM payer acts on. */
const icon = (fill: string, letter: string) =>
  "data:image/svg+xml;base64," +
  btoa(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${fill}"/><text x="16" y="22" font-family="sans-serif" font-size="16" font-weight="700" text-anchor="middle" fill="#fff">${letter}</text></svg>`);
const WALLETS: DetectedWallet[] = [
  { id: "io.metamask", name: "MetaMask", icon: icon("#f6851b", "M"), kind: "browser" },
  { id: "io.rabby", name: "Rabby Wallet", icon: icon("#7084ff", "R"), kind: "browser" },
  { id: "app.zerion", name: "Zerion", icon: icon("#2962ef", "Z"), kind: "browser" },
  { id: "walletConnect", name: "WalletConnect", kind: "walletconnect" },
  { id: "coinbaseWalletSDK", name: "Coinbase Wallet", kind: "coinbase" },
];
const wallet: PayWalletView = { family: "evm", wallets: WALLETS, address: null, chainId: null, connecting: false, walletConnect: true, connect: fn(), disconnect: fn(), switchChain: fn() };
const chainName = (id: number) => MULTI_CHAIN_PRODUCT.options.find((o) => o.chainId === id)?.chainName;

const meta = {
  title: "Pay/EvmWalletPanel",
  component: WalletPanel,
  parameters: { layout: "padded" },
  globals: { viewport: { value: "phone" } },
  args: { wallet, sanction: "idle", onRetrySanction: fn(), option: pickPayOption(MULTI_CHAIN_PRODUCT, "evm", { chainId: LOCAL_EVM_B })!, chainName },
} satisfies Meta<typeof WalletPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three wallets announced themselves (EIP-6963), then WalletConnect and Coinbase Wallet, and the phone offer. */
export const WalletListOnAPhone: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(within(c.getByRole("list")).getAllByRole("button")).toHaveLength(5);
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  },
};

export const WalletListOnAPhoneFrench: Story = { globals: { locale: "fr", viewport: { value: "phone" } } };

/** Connected on chain A while the payer picked chain B: the switch notice and its button. */
export const NeedsChainSwitchOnAPhone: Story = {
  args: { wallet: { ...wallet, address: EVM_PAYER, chainId: LOCAL_EVM_A }, sanction: "passed" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Switch to Local EVM B" })).toBeEnabled();
  },
};

export const NeedsChainSwitchOnAPhoneFrench: Story = { ...NeedsChainSwitchOnAPhone, globals: { locale: "fr", viewport: { value: "phone" } }, play: undefined };

/** The progress while the wallet approves the allowance, on a phone. */
export const ApprovingOnAPhone: Story = {
  render: () => <PaymentProgress state="processing" amount="25 USDT" approval="needed" token="USDT" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Allow the payment of USDT in your wallet…");
  },
};

/** The progress while the wallet approves the payment itself (allowance done), on a phone. */
export const PayingOnAPhone: Story = {
  render: () => <PaymentProgress state="processing" amount="25 USDT" approval="done" token="USDT" />,
};
