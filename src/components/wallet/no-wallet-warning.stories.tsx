import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { storyWallet } from "@/testing/msw/fixtures";
import { storyServer } from "@/testing/msw/store";
import { NoWalletWarning, ReceivingWalletWarning } from "./no-wallet-warning";

const meta = {
  title: "Wallet/NoWalletWarning",
  component: NoWalletWarning,
} satisfies Meta<typeof NoWalletWarning>;
export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §2: the warning text, and a link to where a wallet is attached. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("status")).toHaveTextContent("You'll not be able to receive payment, unless you attach a wallet address");
    await expect(c.getByRole("link", { name: "Attach a wallet" })).toHaveAttribute("href", "/settings/deposits?open-wallet=true");
  },
};

/** On a page of payment links (zLink, zRequest, zInvoice, zCart, donations): those links cannot be paid yet. */
export const ForLinks: Story = {
  args: { forLinks: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("status")).toHaveTextContent("Your links cannot be paid yet: attach a receiving wallet so that your customers can pay them.");
    await expect(c.getByRole("link", { name: "Attach a wallet" })).toHaveAttribute("href", "/settings/deposits?open-wallet=true");
  },
};

export const ForLinksFrenchPhone: Story = {
  args: { forLinks: true },
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(/Vos liens ne peuvent pas encore être payés/);
  },
};

/** On the deposits page its action is a button that opens the wallet dialog there. */
export const WithAction: Story = {
  args: { onAction: fn() },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole("link")).toBeNull();
    await userEvent.click(c.getByRole("button", { name: "Attach a wallet" }));
    await expect(args.onAction).toHaveBeenCalledOnce();
  },
};

/** Any attached wallet hides it, an EVM one included (not only one on the Solana chain). */
export const WithEvmWalletOnly: Story = {
  parameters: {
    merchantSession: true,
    serverData: { wallets: [{ ...storyWallet, chain: 31337, chainName: "Local EVM A", family: "evm", chains: [31337], address: "0x52908400098527886E0F7030069857D2E4169EE7" }] },
  },
  render: () => <ReceivingWalletWarning api={merchantApi} />,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(storyServer.bodiesSentTo("GET", "/api/wallet/networks")).toHaveLength(1));
    // Give the answer time to arrive and render (the warning would show by then if it counted only Solana wallets).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(canvasElement.querySelector("[data-slot=no-wallet-warning]")).toBeNull();
  },
};

/** The connected version shows it for a merchant without a wallet… */
export const WithoutWallet: Story = {
  parameters: { merchantSession: true },
  render: () => <ReceivingWalletWarning api={merchantApi} />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("link", { name: "Attach a wallet" })).toBeVisible();
  },
};

/** …and nothing once a receiving wallet is attached. */
export const WithWallet: Story = {
  parameters: { merchantSession: true, serverData: { wallets: [storyWallet] } },
  render: () => <ReceivingWalletWarning api={merchantApi} />,
  play: async ({ canvasElement }) => {
    // Nothing shows while loading either: wait for the wallets to have been asked for.
    await waitFor(() => expect(storyServer.bodiesSentTo("GET", "/api/wallet/networks")).toHaveLength(1));
    await waitFor(() => expect(canvasElement.querySelector("[data-slot=no-wallet-warning]")).toBeNull());
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: "Ajouter un portefeuille" })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
