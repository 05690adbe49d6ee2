import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { LOCAL_EVM_CHAIN_B_ID, LOCAL_EVM_CHAIN_ID, SOLANA_DEVNET } from "@/lib/chains";
import type { ReceivingWalletDto } from "@/lib/receiving-wallets";
import { merchantApi } from "@/stores/merchant-api";
import { STORY_WALLET, storyWallet } from "@/testing/msw/fixtures";
import { stalled, unreachable } from "@/testing/msw/overrides";
import { storyServer } from "@/testing/msw/store";
import { registerSolanaWallet } from "@/components/wallet/wallet-connect-dialog/story-wallets";
import { DepositsPanel } from "./deposits-panel";

const SANDBOX = [SOLANA_DEVNET, LOCAL_EVM_CHAIN_ID, LOCAL_EVM_CHAIN_B_ID];
const EVM_ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";
const evmWallet: ReceivingWalletDto = {
  ...storyWallet,
  _id: "w2",
  chain: LOCAL_EVM_CHAIN_ID,
  chainName: "Local EVM A",
  family: "evm",
  chains: [LOCAL_EVM_CHAIN_ID, LOCAL_EVM_CHAIN_B_ID],
  address: EVM_ADDRESS,
  type: "metamask",
  walletName: "Rabby",
  chainSwitchPossible: true,
  proven: true,
};

const meta = {
  title: "Settings/DepositsPanel",
  component: DepositsPanel,
  args: { api: merchantApi },
  parameters: { merchantSession: true, toastBar: true, serverData: { offeredChains: SANDBOX } },
} satisfies Meta<typeof DepositsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

const WARNING = "You'll not be able to receive payment, unless you attach a wallet address";
const phone360 = {
  parameters: { viewport: { options: { phone360: { name: "Phone 360", styles: { width: "360px", height: "640px" }, type: "mobile" } } } },
  globals: { viewport: { value: "phone360", isRotated: false } },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [stalled()] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading your wallet…" })).toBeVisible();
  },
};

/** No wallet yet: the warning, each family without a wallet, the way to connect one, and USDC settlement. */
export const NoWallet: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText(WARNING)).toBeVisible();
    for (const family of ["Solana", "EVM networks"]) {
      await expect(within(c.getByRole("region", { name: family })).getByText("No wallet attached yet.")).toBeVisible();
    }
    await expect(c.getByRole("button", { name: "Connect a wallet" })).toBeVisible();
    await expect(c.getByRole("heading", { name: "Settlement currency" })).toBeVisible();
  },
};

/** The warning's action opens the wallet dialog on its networks step. */
export const WarningOpensDialog: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Attach a wallet" }));
    await expect(await within(document.body).findByRole("dialog", { name: "Choose a network" })).toBeVisible();
  },
};

/** Reached from an "Attach a wallet" link (`?open-wallet=true`): the dialog is open at once, and the query dropped. */
export const OpenedFromAttachLink: Story = {
  args: { search: "?open-wallet=true", onSearchHandled: fn() },
  play: async ({ canvasElement, args }) => {
    await expect(await within(document.body).findByRole("dialog", { name: "Choose a network" })).toBeVisible();
    await expect(args.onSearchHandled).toHaveBeenCalledOnce();
    await expect(within(canvasElement).getByText(WARNING)).toBeInTheDocument();
  },
};

/** Attaching by hand: network, manual entry, Confirm; the wallet shows and the warning goes. */
export const AttachManually: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Connect a wallet" }));
    const dialog = await within(document.body).findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Solana Devnet" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Enter address manually" }));
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Wallet address" }), STORY_WALLET);
    await userEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    await userEvent.click(within(await within(document.body).findByRole("dialog", { name: "Confirm Wallet Address" })).getByRole("button", { name: "Confirm" }));
    await expect(await within(document.body).findByText("Wallet address saved")).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/wallet/networks")).toEqual([{ address: STORY_WALLET, chain: SOLANA_DEVNET, type: "manual", version: 1 }]);
    await waitFor(() => expect(c.queryByText(WARNING)).toBeNull());
    await expect(within(c.getByRole("region", { name: "Solana" })).getByText("Entered manually")).toBeVisible();
  },
};

/** Attaching by connecting a Solana wallet and signing: recorded as that wallet, ownership signed. */
export const AttachWithWallet: Story = {
  beforeEach: () => registerSolanaWallet({ name: "Phantom", address: STORY_WALLET }),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Connect a wallet" }));
    const dialog = await within(document.body).findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Solana Devnet" }));
    await userEvent.click(await within(dialog).findByRole("button", { name: "Phantom" }));
    await userEvent.click(await within(dialog).findByRole("button", { name: "Sign and attach" }));
    await expect(await within(document.body).findByText("Wallet address saved")).toBeVisible();
    await expect(await within(c.getByRole("region", { name: "Solana" })).findByText("Solana wallet: Phantom, ownership signed")).toBeVisible();
    await expect(c.queryByText(WARNING)).toBeNull();
  },
};

/** Both families attached: address (Solana as 11 + 11 characters), networks, how, status; nothing left to connect. */
export const WithWallets: Story = {
  parameters: { serverData: { offeredChains: SANDBOX, wallets: [storyWallet, evmWallet] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const solana = await c.findByRole("region", { name: "Solana" });
    await expect(within(solana).getByText("9xQeWvG816b…pZb9PusVFin")).toBeVisible();
    await expect(within(solana).getByText("Entered manually")).toBeVisible();
    const evm = c.getByRole("region", { name: "EVM networks" });
    await expect(within(evm).getByText("Local EVM A, Local EVM B")).toBeVisible();
    await expect(within(evm).getByText("Browser wallet: Rabby, ownership signed")).toBeVisible();
    await expect(c.queryByRole("button", { name: "Connect a wallet" })).toBeNull();
    await expect(c.queryByText(WARNING)).toBeNull();
  },
};

/** Change address opens the dialog in switch mode on that wallet's network. */
export const ChangeAddress: Story = {
  parameters: { serverData: { offeredChains: SANDBOX, wallets: [storyWallet] } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Change address for Solana" }));
    const dialog = await within(document.body).findByRole("dialog", { name: "Change the receiving wallet" });
    await expect(dialog).toHaveAccessibleDescription("Payments on Solana Devnet will be sent to the wallet you choose.");
  },
};

/** The wallets could not be fetched (offline): the message and a retry. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: [unreachable("get", "/api/wallet/networks/status")] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("Your wallet could not be loaded.");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("button", { name: "Connecter un portefeuille" })).toBeVisible();
    await expect(within(canvasElement).getByRole("region", { name: "Réseaux EVM" })).toBeVisible();
  },
};

export const FrenchWithWallets: Story = {
  globals: { locale: "fr" },
  parameters: { serverData: { offeredChains: SANDBOX, wallets: [storyWallet, evmWallet] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Portefeuille du navigateur : Rabby, propriété signée")).toBeVisible();
  },
};

export const Phone: Story = {
  ...phone360,
  parameters: { ...phone360.parameters, serverData: { offeredChains: SANDBOX, wallets: [storyWallet, evmWallet] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Entered manually")).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  },
};
