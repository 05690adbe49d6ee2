import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { STORY_WALLET, storyWallet } from "@/testing/msw/fixtures";
import { stalled, unreachable } from "@/testing/msw/overrides";
import { storyServer } from "@/testing/msw/store";
import { DepositsPanel } from "./deposits-panel";

const meta = {
  title: "Settings/DepositsPanel",
  component: DepositsPanel,
  args: { api: merchantApi },
  parameters: { merchantSession: true, toastBar: true },
} satisfies Meta<typeof DepositsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { msw: { handlers: [stalled()] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading your wallet…" })).toBeVisible();
  },
};

/** No wallet yet: the warning, the address form on the sandbox chain, and USDC settlement. */
export const NoWallet: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("You'll not be able to receive payment, unless you attach a wallet address")).toBeVisible();
    await expect(c.getByRole("textbox", { name: "Wallet address" })).toBeVisible();
    await expect(c.getByRole("heading", { name: "Settlement currency" })).toBeVisible();
    await expect(c.getByText("USDC")).toBeVisible();
  },
};

/** Attaching: type, Continue, 'Confirm Wallet Address', Confirm; the wallet shows and the warning goes. */
export const AttachWallet: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByRole("textbox", { name: "Wallet address" }), STORY_WALLET);
    await userEvent.click(c.getByRole("button", { name: "Continue" }));
    const dialog = await within(document.body).findByRole("dialog", { name: "Confirm Wallet Address" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await expect(await within(document.body).findByText("Wallet address saved")).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/wallet/networks")).toEqual([{ address: STORY_WALLET, chain: -5001, type: "manual", version: 1 }]);
    await waitFor(() => expect(c.queryByText(/You'll not be able to receive payment/)).toBeNull());
    await expect(c.getByText("Solana Devnet")).toBeVisible();
  },
};

/** A wallet attached: its address (11 + 11 characters, copyable), network, type and status. */
export const WithWallet: Story = {
  parameters: { serverData: { wallets: [storyWallet] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("9xQeWvG816b…pZb9PusVFin", { exact: false })).toBeVisible();
    await expect(c.getByRole("button", { name: "Copy address" })).toBeVisible();
    await expect(c.getByText("Entered manually")).toBeVisible();
    await expect(c.queryByRole("textbox")).toBeNull();
    await expect(c.queryByText(/You'll not be able to receive payment/)).toBeNull();
  },
};

/** The wallets could not be fetched (offline): the message and a retry. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: [unreachable("get", "/api/wallet/networks")] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("Your wallet could not be loaded.");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("textbox", { name: "Adresse du portefeuille" })).toBeVisible();
  },
};

export const Phone: Story = {
  parameters: { serverData: { wallets: [storyWallet] } },
  globals: { viewport: { value: "mobile1" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Entered manually")).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
