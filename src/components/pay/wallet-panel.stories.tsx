import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { PAYER_ADDRESS } from "./testing/fake-pay";
import { WalletPanel, type DetectedWallet, type PayWalletView } from "./wallet-panel";

const icon = (fill: string) =>
  "data:image/svg+xml;base64," + btoa(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${fill}"/></svg>`);
const WALLETS: DetectedWallet[] = [
  { name: "Phantom", icon: icon("#ab9ff2") },
  { name: "Solflare", icon: icon("#fc7227") },
];
const wallet = (over: Partial<PayWalletView> = {}): PayWalletView => ({
  wallets: WALLETS,
  address: null,
  connecting: false,
  connect: fn(),
  disconnect: fn(),
  ...over,
});

const meta = {
  title: "Pay/WalletPanel",
  component: WalletPanel,
  parameters: { layout: "padded" },
  args: { wallet: wallet(), sanction: "idle", onRetrySanction: fn() },
} satisfies Meta<typeof WalletPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Wallets found in this browser: one button each. */
export const ChooseAWallet: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Connect Phantom" }));
    await expect(args.wallet.connect).toHaveBeenCalledWith("Phantom");
  },
};

export const Connecting: Story = {
  args: { wallet: wallet({ connecting: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Connecting to your wallet…")).toBeVisible();
  },
};

/** No Solana wallet in this browser: where to get one. */
export const NoWalletFound: Story = {
  args: { wallet: wallet({ wallets: [] }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/No Solana wallet was found in this browser/)).toBeVisible();
  },
};

/** Connected, and the sanctions check passed. */
export const Connected: Story = {
  args: { wallet: wallet({ address: PAYER_ADDRESS }), sanction: "passed" },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Disconnect" }));
    await expect(args.wallet.disconnect).toHaveBeenCalled();
  },
};

export const CheckingWallet: Story = { args: { wallet: wallet({ address: PAYER_ADDRESS }), sanction: "checking" } };

/** A sanctioned wallet: SPEC's message, and a way to use another one. */
export const SanctionFailed: Story = {
  args: { wallet: wallet({ address: PAYER_ADDRESS }), sanction: "failed" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Wallet Sanction Status Analysis Failed. This wallet is not acceptable.")).toBeVisible();
  },
};

/** The check could not run: SPEC's message and a retry. */
export const SanctionCheckUnavailable: Story = {
  args: { wallet: wallet({ address: PAYER_ADDRESS }), sanction: "unavailable" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Unable to check Wallet Sanction Status. Please try connecting wallet later.")).toBeVisible();
    await userEvent.click(c.getByRole("button", { name: "Check again" }));
    await expect(args.onRetrySanction).toHaveBeenCalledTimes(1);
  },
};

export const French: Story = { args: { wallet: wallet({ address: PAYER_ADDRESS }), sanction: "failed" }, globals: { locale: "fr" } };

/** No wallet in this browser, and the page offers a Solana Pay QR code for a phone wallet. */
export const NoWalletPayWithQr: Story = {
  args: { wallet: wallet({ wallets: [] }), onPayWithQr: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Show a QR code" }));
    await expect(args.onPayWithQr).toHaveBeenCalledTimes(1);
  },
};
