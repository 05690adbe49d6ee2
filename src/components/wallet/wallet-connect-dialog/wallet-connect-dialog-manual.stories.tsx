import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { LOCAL_EVM_CHAIN_ID, SOLANA_DEVNET } from "@/lib/chains";
import { merchantApi } from "@/stores/merchant-api";
import { STORY_WALLET, storyWallet } from "@/testing/msw/fixtures";
import { storyServer } from "@/testing/msw/store";
import { SANDBOX_CHAINS, STORY_EVM_ADDRESS, statusChains } from "./story-chains";
import { ClosableWalletConnectDialog } from "@/testing/closable-wallet-connect-dialog";
import { WalletConnectDialog } from "./wallet-connect-dialog";

/** The manual-form step (SPEC §2, §5): the address with its chain's rule, then 'Confirm Wallet Address'. */
const PRODUCTION_CHAINS = [-5000, 137];
const meta = {
  title: "Wallet/WalletConnectDialog/ManualForm",
  component: WalletConnectDialog,
  args: { open: true, onOpenChange: fn(), onSaved: fn(), api: merchantApi, chains: statusChains(SANDBOX_CHAINS) },
  parameters: { merchantSession: true, serverData: { offeredChains: SANDBOX_CHAINS } },
} satisfies Meta<typeof WalletConnectDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
/** The wallet dialog (the Confirm dialog opens over it). */
const dialog = () => body().getAllByRole("dialog")[0]!;
const field = () => within(dialog()).getByRole("textbox", { name: "Wallet address" });
const openManualForm = async (network: string) => {
  await userEvent.click(within(dialog()).getByRole("button", { name: network }));
  await userEvent.click(within(dialog()).getByRole("button", { name: "Enter address manually" }));
};
/** Presses the Confirm dialog's button and waits until it has closed (the wallet dialog is inert meanwhile). */
const confirmAddress = async (title = "Confirm Wallet Address", button = "Confirm") => {
  await userEvent.click(within(await body().findByRole("dialog", { name: title })).getByRole("button", { name: button }));
  await waitFor(() => expect(body().queryByRole("dialog", { name: title })).toBeNull());
};
const phone360 = {
  parameters: { viewport: { options: { phone360: { name: "Phone 360", styles: { width: "360px", height: "640px" }, type: "mobile" } } } },
  globals: { viewport: { value: "phone360", isRotated: false } },
};

/** Untouched, with the chain in its hint; the back arrow leads to the wallets, then to the networks. */
export const Empty: Story = {
  play: async () => {
    await openManualForm("Solana Devnet");
    await expect(dialog()).toHaveAccessibleName("Enter a wallet address");
    await expect(field()).toHaveAccessibleDescription("Paste the address of a Solana Devnet wallet you control.");
  },
};

export const BackToWalletsThenChains: Story = {
  play: async () => {
    await openManualForm("Solana Devnet");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Back" }));
    await expect(dialog()).toHaveAccessibleName("Connect a wallet");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Back" }));
    await expect(dialog()).toHaveAccessibleName("Choose a network");
  },
};

/** Continue with nothing typed: 'Wallet Address required'. */
export const AddressRequired: Story = {
  play: async () => {
    await openManualForm("Solana Devnet");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Continue" }));
    await expect(await within(dialog()).findByText("Wallet Address required")).toBeVisible();
    await expect(field()).toBeInvalid();
  },
};

/** An EVM address on Solana: SPEC's message, and no Confirm. */
export const InvalidSolanaAddress: Story = {
  play: async () => {
    await openManualForm("Solana Devnet");
    await userEvent.type(field(), STORY_EVM_ADDRESS);
    await expect(await within(dialog()).findByText("Invalid wallet address. Please double-check and try again.")).toBeVisible();
    await userEvent.click(within(dialog()).getByRole("button", { name: "Continue" }));
    await expect(body().getAllByRole("dialog")).toHaveLength(1);
  },
};

/** A Solana address on an EVM network: the same message. */
export const InvalidEvmAddress: Story = {
  play: async () => {
    await openManualForm("Local EVM A");
    await userEvent.type(field(), STORY_WALLET);
    await expect(await within(dialog()).findByText("Invalid wallet address. Please double-check and try again.")).toBeVisible();
  },
};

/** A good address: 'Confirm Wallet Address' with the explorer link and SPEC's text. */
export const ConfirmWithExplorerLink: Story = {
  args: { chains: statusChains(PRODUCTION_CHAINS) },
  parameters: { serverData: { chain: -5000, offeredChains: PRODUCTION_CHAINS } },
  play: async () => {
    await openManualForm("Polygon");
    await userEvent.type(field(), STORY_EVM_ADDRESS);
    await userEvent.click(within(dialog()).getByRole("button", { name: "Continue" }));
    const confirm = await body().findByRole("dialog", { name: "Confirm Wallet Address" });
    await expect(confirm).toHaveAccessibleDescription("Please double-check the entered wallet address as it will be used for all fund management.");
    await expect(within(confirm).getByRole("link", { name: /^View on explorer/ })).toHaveAttribute("href", `https://polygonscan.com/address/${STORY_EVM_ADDRESS}`);
  },
};

/** Confirming saves it as a manual wallet; the dialog closes. */
export const ConfirmAndSave: Story = {
  render: (args) => <ClosableWalletConnectDialog {...args} />,
  play: async ({ args }) => {
    await openManualForm("Solana Devnet");
    await userEvent.type(field(), ` ${STORY_WALLET} `);
    await userEvent.click(within(dialog()).getByRole("button", { name: "Continue" }));
    await userEvent.click(within(await body().findByRole("dialog", { name: "Confirm Wallet Address" })).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledOnce());
    await expect(storyServer.bodiesSentTo("POST", "/api/wallet/networks")).toEqual([{ chain: SOLANA_DEVNET, address: STORY_WALLET, type: "manual", version: 1 }]);
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(await within(document.body).findByText("The wallet dialog closed.")).toBeVisible();
  },
};

/** The server already holds a wallet for the family: its HTML message in the form, and the address cleared. */
export const AlreadyAttached: Story = {
  parameters: { serverData: { offeredChains: SANDBOX_CHAINS, wallets: [storyWallet] } },
  play: async ({ args }) => {
    await openManualForm("Solana Devnet");
    await userEvent.type(field(), "7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Continue" }));
    await confirmAddress();
    const alert = await within(dialog()).findByRole("alert");
    await expect(alert).toHaveTextContent("A receiving wallet is already attached for Solana Devnet.");
    await expect(alert.querySelector("b")).toHaveTextContent("Solana Devnet");
    await expect(field()).toHaveValue("");
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

/** Switch mode saves through update-address. */
export const SwitchToManualAddress: Story = {
  render: (args) => <ClosableWalletConnectDialog {...args} />,
  args: { mode: "switch", chainId: LOCAL_EVM_CHAIN_ID, chains: statusChains(SANDBOX_CHAINS, { evm: STORY_EVM_ADDRESS }) },
  parameters: {
    serverData: {
      offeredChains: SANDBOX_CHAINS,
      wallets: [{ ...storyWallet, chain: LOCAL_EVM_CHAIN_ID, chainName: "Local EVM A", family: "evm", chains: [LOCAL_EVM_CHAIN_ID], address: STORY_EVM_ADDRESS }],
    },
  },
  play: async ({ args }) => {
    await userEvent.click(within(dialog()).getByRole("button", { name: "Enter address manually" }));
    await userEvent.type(field(), "0x000000000000000000000000000000000000dEaD");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Continue" }));
    await userEvent.click(within(await body().findByRole("dialog", { name: "Confirm Wallet Address" })).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledOnce());
    await expect(storyServer.bodiesSentTo("POST", "/api/wallet/networks/update-address")).toHaveLength(1);
    await expect(await within(document.body).findByText("The wallet dialog closed.")).toBeVisible();
  },
};

export const FrenchRequired: Story = {
  globals: { locale: "fr" },
  play: async () => {
    await userEvent.click(within(dialog()).getByRole("button", { name: "Solana Devnet" }));
    await userEvent.click(within(dialog()).getByRole("button", { name: "Saisir l’adresse manuellement" }));
    await userEvent.click(within(dialog()).getByRole("button", { name: "Continuer" }));
    await expect(await within(dialog()).findByText("Adresse du portefeuille requise")).toBeVisible();
  },
};

export const FrenchInvalid: Story = {
  globals: { locale: "fr" },
  play: async () => {
    await userEvent.click(within(dialog()).getByRole("button", { name: "Solana Devnet" }));
    await userEvent.click(within(dialog()).getByRole("button", { name: "Saisir l’adresse manuellement" }));
    await userEvent.type(within(dialog()).getByRole("textbox", { name: "Adresse du portefeuille" }), "0x123");
    await expect(await within(dialog()).findByText("Adresse de portefeuille invalide. Vérifiez-la et réessayez.")).toBeVisible();
  },
};

export const FrenchConfirm: Story = {
  globals: { locale: "fr" },
  play: async () => {
    await userEvent.click(within(dialog()).getByRole("button", { name: "Solana Devnet" }));
    await userEvent.click(within(dialog()).getByRole("button", { name: "Saisir l’adresse manuellement" }));
    await userEvent.type(within(dialog()).getByRole("textbox", { name: "Adresse du portefeuille" }), STORY_WALLET);
    await userEvent.click(within(dialog()).getByRole("button", { name: "Continuer" }));
    await expect(await body().findByRole("dialog", { name: "Confirmez l’adresse du portefeuille" })).toBeVisible();
  },
};

export const FrenchAlreadyAttached: Story = {
  globals: { locale: "fr" },
  parameters: { serverData: { offeredChains: SANDBOX_CHAINS, wallets: [storyWallet] } },
  play: async () => {
    await userEvent.click(within(dialog()).getByRole("button", { name: "Solana Devnet" }));
    await userEvent.click(within(dialog()).getByRole("button", { name: "Saisir l’adresse manuellement" }));
    await userEvent.type(within(dialog()).getByRole("textbox", { name: "Adresse du portefeuille" }), "7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Continuer" }));
    await confirmAddress("Confirmez l’adresse du portefeuille", "Confirmer");
    await expect(await within(dialog()).findByRole("alert")).toBeVisible();
  },
};

/** On a 360 px phone: the form with its error fits. */
export const PhoneInvalid: Story = {
  ...phone360,
  play: async () => {
    await openManualForm("Solana Devnet");
    await userEvent.type(field(), "0x123");
    await expect(await within(dialog()).findByText("Invalid wallet address. Please double-check and try again.")).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  },
};

export const PhoneConfirm: Story = {
  ...phone360,
  play: async () => {
    await openManualForm("Solana Devnet");
    await userEvent.type(field(), STORY_WALLET);
    await userEvent.click(within(dialog()).getByRole("button", { name: "Continue" }));
    const confirm = await body().findByRole("dialog", { name: "Confirm Wallet Address" });
    await expect(confirm.getBoundingClientRect().right).toBeLessThanOrEqual(360);
  },
};
