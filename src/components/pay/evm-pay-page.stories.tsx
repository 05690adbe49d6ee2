import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { initialTransactionFlow } from "@/stores/payment";
import type { PayFlowState } from "./pay-flow";
import { pickPayOption } from "./pay-option";
import { PayPage } from "./pay-page";
import { EVM_PAYER, EVM_TX_HASH, LOCAL_EVM_A, LOCAL_EVM_B, MULTI_CHAIN_PRODUCT, evmPaymentInfoFor } from "./testing/fake-pay";
import type { DetectedWallet, PayWalletView } from "./wallet-panel";

/** The pay page with an EVM wallet, one screen per story: the state is given as the flow and the wallet session would give it. */
const product = MULTI_CHAIN_PRODUCT;
const ready = (over: Partial<PayFlowState> = {}, chainId = LOCAL_EVM_A): PayFlowState => ({
  load: { kind: "ready", product, option: pickPayOption(product, "evm", { chainId })! },
  wallet: EVM_PAYER,
  sanction: "passed",
  faucet: { status: "idle" },
  notice: null,
  starting: false,
  ...over,
});

const icon = (fill: string, letter: string) =>
  "data:image/svg+xml;base64," +
  btoa(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${fill}"/><text x="16" y="22" font-family="sans-serif" font-size="16" font-weight="700" text-anchor="middle" fill="#fff">${letter}</text></svg>`);

/** Wallets as EIP-6963 announces them (name, icon), then the app-based ones the page adds. */
const WALLETS: DetectedWallet[] = [
  { id: "io.metamask", name: "MetaMask", icon: icon("#f6851b", "M"), kind: "browser" },
  { id: "io.rabby", name: "Rabby Wallet", icon: icon("#7084ff", "R"), kind: "browser" },
  { id: "walletConnect", name: "WalletConnect", kind: "walletconnect" },
  { id: "coinbaseWalletSDK", name: "Coinbase Wallet", kind: "coinbase" },
];
const connected: PayWalletView = { family: "evm", wallets: WALLETS, address: EVM_PAYER, chainId: LOCAL_EVM_A, connecting: false, walletConnect: true, connect: fn(), disconnect: fn(), switchChain: fn() };
const disconnected: PayWalletView = { ...connected, address: null, chainId: null };

const processing = (approval?: "needed" | "done") => ({
  stage: "payment-screen" as const,
  state: ready({ approval, starting: true }),
  flow: { ...initialTransactionFlow(), transactionInfo: evmPaymentInfoFor(product), currentState: "processing" as const },
});

const meta = {
  title: "Pay/EvmPayPage",
  component: PayPage,
  parameters: { layout: "fullscreen" },
  args: {
    state: ready(),
    stage: "details-screen",
    flow: initialTransactionFlow(),
    wallet: connected,
    family: "evm",
    onRetrySanction: fn(),
    onFaucet: fn(),
    onPay: fn(),
    onTryAgain: fn(),
    onPickFamily: fn(),
    onSelectOption: fn(),
  },
} satisfies Meta<typeof PayPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Several wallets announced by the browser (EIP-6963, by name and icon), WalletConnect, Coinbase Wallet, and the phone offer. */
export const WalletList: Story = {
  args: { wallet: disconnected, state: ready({ wallet: null, sanction: "idle" }) },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const list = c.getByRole("list", { name: "Wallets you can pay with" });
    await expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual(["Connect MetaMask", "Connect Rabby Wallet", "Connect WalletConnect", "Connect Coinbase Wallet"]);
    await expect(c.getByText(/Choose WalletConnect above and scan its code/)).toBeVisible();
    await userEvent.click(c.getByRole("button", { name: "Connect Rabby Wallet" }));
    await expect(args.wallet.connect).toHaveBeenCalledWith("io.rabby");
    await expect(c.getByRole("button", { name: /^Pay/ })).toBeDisabled();
  },
};

/** No wallet extension and no WalletConnect: Coinbase Wallet remains, and the page says how to get a wallet. */
export const NoBrowserWallet: Story = {
  args: { wallet: { ...disconnected, walletConnect: false, wallets: [WALLETS[3]!] }, state: ready({ wallet: null, sanction: "idle" }) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/No wallet extension was found in this browser. Use Coinbase Wallet/)).toBeVisible();
    await expect(c.queryByText(/WalletConnect/)).toBeNull();
  },
};

/** Connecting: the wallet asks the payer; every choice waits. */
export const Connecting: Story = {
  args: { wallet: { ...disconnected, connecting: true }, state: ready({ wallet: null, sanction: "idle" }) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Connecting to your wallet…")).toBeVisible();
    for (const button of within(c.getByRole("list", { name: "Wallets you can pay with" })).getAllByRole("button")) await expect(button).toBeDisabled();
  },
};

/** The chains are still loading: the wallets are not known yet. */
export const LookingForWallets: Story = {
  args: { wallet: { ...disconnected, wallets: [], loading: true }, state: ready({ wallet: null, sanction: "idle" }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Looking for wallets…")).toBeVisible();
  },
};

/** Connected on the picked network, checked, ready: the Pay button is on. */
export const ReadyToPay: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Pay 25 USDC" }));
    await expect(args.onPay).toHaveBeenCalledTimes(1);
  },
};

/** SPEC §4 "needs chain switch": the wallet is on chain A, the payer picked chain B; paying waits for the switch. */
export const NeedsChainSwitch: Story = {
  args: { state: ready({}, LOCAL_EVM_B) },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("alert")).toHaveTextContent("Your wallet is on Local EVM A. Switch it to Local EVM B to pay.");
    await expect(c.getByRole("button", { name: /^Pay/ })).toBeDisabled();
    await expect(c.getByText("Switch your wallet to Local EVM B to pay.")).toBeVisible();
    await userEvent.click(c.getByRole("button", { name: "Switch to Local EVM B" }));
    await expect(args.wallet.switchChain).toHaveBeenCalledWith(LOCAL_EVM_B);
  },
};

/** The switch is asked of the wallet. */
export const SwitchingNetwork: Story = {
  args: { state: ready({}, LOCAL_EVM_B), wallet: { ...connected, switching: true } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Confirm the switch to Local EVM B in your wallet…" })).toBeDisabled();
  },
};

/** A wallet on a network this page does not know at all. */
export const OnAnUnknownNetwork: Story = {
  args: { wallet: { ...connected, chainId: 1 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Your wallet is on 1. Switch it to Local EVM A to pay.");
  },
};

/** Approving: the payment contract may not yet take the amount, so the wallet asks to allow it first. */
export const Approving: Story = {
  args: processing("needed"),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("status")).toHaveTextContent("Allow the payment of USDC in your wallet…");
    await expect(c.getByText("Allow USDC for this payment").closest("li")).toHaveAttribute("aria-current", "step");
  },
};

/** Paying: the allowance is done, the wallet asks for the payment itself. */
export const Paying: Story = {
  args: processing("done"),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("status")).toHaveTextContent("Approve the payment in your wallet…");
    await expect(c.getByText("Approve in your wallet").closest("li")).toHaveAttribute("aria-current", "step");
  },
};

/** Sent: the transaction hash, the page follows the network. */
export const Sent: Story = {
  args: {
    ...processing("done"),
    flow: { ...initialTransactionFlow(), transactionInfo: evmPaymentInfoFor(product), currentState: "processed", transactionResult: { hash: EVM_TX_HASH, payer: EVM_PAYER } },
  },
};

/**
 * Failed: the wallet could not send; its words are the reason (the toast said them too), in the
 * payer's language when we know them, and the payer may try again. (A payer's own refusal is no
 * failure: see the cancelled stories of PayFlowView and PaymentResult.)
 */
export const Failed: Story = {
  args: {
    stage: "result-screen",
    flow: { ...initialTransactionFlow(), transactionInfo: evmPaymentInfoFor(product), currentState: "failed", transactionResult: { error: "insufficient funds for gas * price + value" } },
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { name: "Payment failed" })).toBeVisible();
    await expect(c.getByText(/insufficient funds for gas/)).toBeVisible();
    await userEvent.click(c.getByRole("button", { name: "Try again" }));
    await expect(args.onTryAgain).toHaveBeenCalled();
  },
};

export const WalletListFrench: Story = { ...WalletList, globals: { locale: "fr" }, play: undefined };
export const NeedsChainSwitchFrench: Story = {
  ...NeedsChainSwitch,
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Votre portefeuille est sur Local EVM A. Passez-le sur Local EVM B pour payer.");
  },
};
export const ApprovingFrench: Story = { ...Approving, globals: { locale: "fr" }, play: undefined };
export const FailedFrench: Story = {
  ...Failed,
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    // Never the wallet's English to a French payer.
    await expect(within(canvasElement).getByText(/n’a pas assez de fonds/)).toBeVisible();
    await expect(within(canvasElement).queryByText(/insufficient funds/)).toBeNull();
  },
};

/** A 360 px phone: the chooser, the switch notice and the Pay button fit without sideways scroll (the panels alone: EvmWalletPanel stories). */
export const NeedsChainSwitchOnAPhone: Story = {
  ...NeedsChainSwitch,
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  },
};
