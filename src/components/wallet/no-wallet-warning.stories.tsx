import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
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
    await expect(c.getByRole("link", { name: "Attach a wallet" })).toHaveAttribute("href", "/settings/deposits");
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
  globals: { viewport: { value: "mobile1" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
