import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { LOCAL_EVM_CHAIN_B_ID, LOCAL_EVM_CHAIN_ID, SOLANA_DEVNET } from "@/lib/chains";
import { merchantApi } from "@/stores/merchant-api";
import { STORY_WALLET, storyWallet } from "@/testing/msw/fixtures";
import { failing } from "@/testing/msw/overrides";
import { storyServer } from "@/testing/msw/store";
import { SANDBOX_CHAINS, STORY_EVM_ADDRESS, statusChains } from "./story-chains";
import { announceEvmWallet, registerSolanaWallet, type StoryEvmWallet, type StorySolanaWallet } from "./story-wallets";
import { ClosableWalletConnectDialog } from "@/testing/closable-wallet-connect-dialog";
import { WalletConnectDialog } from "./wallet-connect-dialog";

/**
 * The wallets step and the wallet modal (SPEC §2, §4): installed wallets by name and icon,
 * connecting → connected, the signature that proves the address, and what a refusal looks like.
 */
const meta = {
  title: "Wallet/WalletConnectDialog/Wallets",
  component: WalletConnectDialog,
  args: { open: true, onOpenChange: fn(), onSaved: fn(), api: merchantApi, chains: statusChains(SANDBOX_CHAINS) },
  parameters: { merchantSession: true, serverData: { offeredChains: SANDBOX_CHAINS } },
} satisfies Meta<typeof WalletConnectDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole("dialog");
const pick = async (network: string) => userEvent.click(within(dialog()).getByRole("button", { name: network }));
const phone360 = {
  parameters: { viewport: { options: { phone360: { name: "Phone 360", styles: { width: "360px", height: "640px" }, type: "mobile" } } } },
  globals: { viewport: { value: "phone360", isRotated: false } },
};

/** Installs wallets in the page for one story, and removes them after. */
const withWallets =
  (evm: StoryEvmWallet[] = [], solana: StorySolanaWallet[] = []) =>
  () => {
    const removers = [...evm.map(announceEvmWallet), ...solana.map(registerSolanaWallet)];
    return () => removers.forEach((remove) => remove());
  };
const threeEvmWallets = withWallets([
  { name: "MetaMask", rdns: "io.metamask", color: "#f6851b" },
  { name: "Rabby", rdns: "io.rabby", color: "#7084ff" },
  { name: "Coinbase Wallet", rdns: "com.coinbase.wallet", color: "#0052ff" },
]);
const phantom = (overrides: Partial<StorySolanaWallet> = {}) => withWallets([], [{ name: "Phantom", address: STORY_WALLET, ...overrides }]);

/** An EVM network: every injected wallet, by name and icon, and the manual entry. */
export const SeveralEvmWallets: Story = {
  beforeEach: threeEvmWallets,
  play: async () => {
    await pick("Local EVM A");
    const list = await within(dialog()).findByRole("list", { name: "Wallets in this browser" });
    await waitFor(() => expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual(["MetaMask", "Rabby", "Coinbase Wallet"]));
    await expect(within(dialog()).getByRole("button", { name: "Enter address manually" })).toBeVisible();
  },
};

/** A Solana network lists the Wallet Standard wallets only. */
export const SolanaWallets: Story = {
  beforeEach: () => {
    const evm = threeEvmWallets();
    const solana = phantom()();
    return () => {
      evm();
      solana();
    };
  },
  play: async () => {
    await pick("Solana Devnet");
    const list = await within(dialog()).findByRole("list", { name: "Wallets in this browser" });
    await expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual(["Phantom"]);
  },
};

/** No wallet of that family installed: a link to install one (opens in a new tab), and the manual entry. */
export const NoWalletInstalled: Story = {
  play: async () => {
    await pick("Local EVM A");
    await expect(within(dialog()).getByText("No EVM wallet was found in this browser.")).toBeVisible();
    const install = within(dialog()).getByRole("link", { name: /Install MetaMask/ });
    await expect(install).toHaveAttribute("href", "https://metamask.io/download/");
    await expect(install).toHaveAttribute("target", "_blank");
  },
};

/** Connecting: waiting for the wallet to share an account. */
export const Connecting: Story = {
  beforeEach: withWallets([{ name: "MetaMask", rdns: "io.metamask", color: "#f6851b", connect: "hang" }]),
  play: async () => {
    await pick("Local EVM A");
    await userEvent.click(await within(dialog()).findByRole("button", { name: "MetaMask" }));
    await expect(within(dialog()).getByText("Connecting to MetaMask…")).toBeVisible();
    await expect(within(dialog()).getByText("Approve the request in your wallet.")).toBeVisible();
    // A second attempt meanwhile is ignored: the list is gone and Back is off.
    await expect(within(dialog()).getByRole("button", { name: "Back" })).toBeDisabled();
  },
};

/** Connected (Solana): the address button with its first and last 11 characters, and the signature to give. */
export const ConnectedSolana: Story = {
  beforeEach: phantom(),
  play: async () => {
    await pick("Solana Devnet");
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Phantom" }));
    await expect(await within(dialog()).findByText("Connected to Phantom")).toBeVisible();
    await expect(within(dialog()).getByText("9xQeWvG816b…pZb9PusVFin")).toBeVisible();
    await expect(within(dialog()).getByRole("button", { name: "Sign and attach" })).toBeEnabled();
  },
};

/** Connected (EVM). */
export const ConnectedEvm: Story = {
  beforeEach: threeEvmWallets,
  play: async () => {
    await pick("Local EVM A");
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Rabby" }));
    await expect(await within(dialog()).findByText("Connected to Rabby")).toBeVisible();
    await expect(within(dialog()).getByText("0x5290…169EE7")).toBeVisible();
  },
};

/** Signing and saving: the server gets the address with the signed challenge; the dialog closes. */
export const SignAndAttach: Story = {
  render: (args) => <ClosableWalletConnectDialog {...args} />,
  beforeEach: threeEvmWallets,
  play: async ({ args }) => {
    await pick("Local EVM A");
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Coinbase Wallet" }));
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Sign and attach" }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledOnce());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    const [proofRequest] = storyServer.bodiesSentTo("POST", "/api/wallet/networks/proof");
    await expect(proofRequest).toEqual({ chain: LOCAL_EVM_CHAIN_ID, address: STORY_EVM_ADDRESS });
    await expect(storyServer.bodiesSentTo("POST", "/api/wallet/networks")).toEqual([
      {
        chain: LOCAL_EVM_CHAIN_ID,
        address: STORY_EVM_ADDRESS,
        type: "coinbasewallet",
        walletName: "Coinbase Wallet",
        proof: { nonce: expect.any(String), signature: `0x${"1b".repeat(65)}` },
        version: 1,
      },
    ]);
    await expect(storyServer.wallets[0]).toMatchObject({ family: "evm", proven: true, chains: [LOCAL_EVM_CHAIN_ID, LOCAL_EVM_CHAIN_B_ID] });
    await expect(await within(document.body).findByText("The wallet dialog closed.")).toBeVisible();
  },
};

/** Waiting for the signature in the wallet. */
export const Signing: Story = {
  beforeEach: phantom({ sign: "hang" }),
  play: async () => {
    await pick("Solana Devnet");
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Phantom" }));
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Sign and attach" }));
    await expect(await within(dialog()).findByText("Confirm the signature in Phantom…")).toBeVisible();
    await expect(within(dialog()).getByRole("button", { name: "Sign and attach" })).toBeDisabled();
  },
};

/** The signature was refused in the wallet: said so, the wallet stays connected to try again. */
export const SignatureRefused: Story = {
  beforeEach: withWallets([{ name: "MetaMask", rdns: "io.metamask", color: "#f6851b", sign: "refuse" }]),
  play: async ({ args }) => {
    await pick("Local EVM A");
    await userEvent.click(await within(dialog()).findByRole("button", { name: "MetaMask" }));
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Sign and attach" }));
    await expect(await within(dialog()).findByRole("alert")).toHaveTextContent("The signature was refused in MetaMask.");
    await expect(within(dialog()).getByRole("button", { name: "Try again" })).toBeEnabled();
    await expect(storyServer.bodiesSentTo("POST", "/api/wallet/networks")).toEqual([]);
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

/** The wallet refused to connect: back on the list with why (the wallet is deselected, SPEC §4). */
export const ConnectRefused: Story = {
  beforeEach: withWallets([{ name: "MetaMask", rdns: "io.metamask", color: "#f6851b", connect: "refuse" }]),
  play: async () => {
    await pick("Local EVM A");
    await userEvent.click(await within(dialog()).findByRole("button", { name: "MetaMask" }));
    await expect(await within(dialog()).findByRole("alert")).toHaveTextContent("MetaMask did not connect: User rejected the request.");
    await expect(within(dialog()).getByRole("button", { name: "MetaMask" })).toBeEnabled();
  },
};

/**
 * The server already holds a wallet for that family (attached in another tab meanwhile): its
 * message, as HTML, and the connected wallet is let go.
 */
export const AlreadyAttached: Story = {
  parameters: { serverData: { offeredChains: SANDBOX_CHAINS, wallets: [storyWallet] } },
  beforeEach: phantom({ address: "7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2" }),
  play: async () => {
    await pick("Solana Devnet");
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Phantom" }));
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Sign and attach" }));
    const alert = await within(dialog()).findByRole("alert");
    await expect(alert).toHaveTextContent("A receiving wallet is already attached for Solana Devnet. To receive at another address, use Change address in Settings › Deposits.");
    await expect(alert.querySelectorAll("b")).toHaveLength(2);
    // Cleared: back on the wallet list.
    await expect(within(dialog()).getByRole("button", { name: "Phantom" })).toBeVisible();
    await expect(within(dialog()).queryByText("Connected to Phantom")).toBeNull();
  },
};

/** Any other refusal from the server (here the sign-in is too old) keeps the wallet, with the server's words. */
export const ServerRefused: Story = {
  parameters: {
    msw: { handlers: [failing("post", "/api/wallet/networks", 401, "fresh_sign_in_required", "For your security, please sign in again (within the last 10 minutes) to do this.")] },
  },
  beforeEach: phantom(),
  play: async () => {
    await pick("Solana Devnet");
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Phantom" }));
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Sign and attach" }));
    await expect(await within(dialog()).findByRole("alert")).toHaveTextContent("For your security, please sign in again (within the last 10 minutes) to do this.");
    await expect(within(dialog()).getByText("Connected to Phantom")).toBeVisible();
  },
};

/** Switch mode: the new address goes to update-address. */
export const SwitchSignAndChange: Story = {
  render: (args) => <ClosableWalletConnectDialog {...args} />,
  args: { mode: "switch", chainId: SOLANA_DEVNET, chains: statusChains(SANDBOX_CHAINS, { solana: STORY_WALLET }) },
  parameters: { serverData: { offeredChains: SANDBOX_CHAINS, wallets: [storyWallet] } },
  beforeEach: phantom({ address: "7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2" }),
  play: async ({ args }) => {
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Phantom" }));
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Sign and change address" }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledOnce());
    await expect(storyServer.bodiesSentTo("POST", "/api/wallet/networks/update-address")).toHaveLength(1);
    await expect(storyServer.wallets[0]).toMatchObject({ address: "7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2", type: "solana", walletName: "Phantom" });
    await expect(await within(document.body).findByText("The wallet dialog closed.")).toBeVisible();
  },
};

/** Deployer mode hands the connected wallet over instead of saving it. */
export const DeployerUsesWallet: Story = {
  render: (args) => <ClosableWalletConnectDialog {...args} />,
  args: { mode: "deployer", chainId: LOCAL_EVM_CHAIN_ID, onConnected: fn() },
  beforeEach: threeEvmWallets,
  play: async ({ args }) => {
    await userEvent.click(await within(dialog()).findByRole("button", { name: "MetaMask" }));
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Use this wallet" }));
    await expect(args.onConnected).toHaveBeenCalledWith(expect.objectContaining({ address: STORY_EVM_ADDRESS, chainId: LOCAL_EVM_CHAIN_ID }));
    await expect(storyServer.bodiesSentTo("POST", "/api/wallet/networks")).toEqual([]);
    await expect(await within(document.body).findByText("The wallet dialog closed.")).toBeVisible();
  },
};

export const FrenchWallets: Story = {
  globals: { locale: "fr" },
  beforeEach: threeEvmWallets,
  play: async () => {
    await pick("Local EVM A");
    await expect(await within(dialog()).findByRole("list", { name: "Portefeuilles de ce navigateur" })).toBeVisible();
    await expect(within(dialog()).getByRole("button", { name: "Saisir l’adresse manuellement" })).toBeVisible();
  },
};

export const FrenchConnected: Story = {
  globals: { locale: "fr" },
  beforeEach: phantom(),
  play: async () => {
    await pick("Solana Devnet");
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Phantom" }));
    await expect(await within(dialog()).findByText("Connecté à Phantom")).toBeVisible();
    await expect(within(dialog()).getByRole("button", { name: "Signer et ajouter" })).toBeVisible();
  },
};

export const FrenchSignatureRefused: Story = {
  globals: { locale: "fr" },
  beforeEach: phantom({ sign: "refuse" }),
  play: async () => {
    await pick("Solana Devnet");
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Phantom" }));
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Signer et ajouter" }));
    await expect(await within(dialog()).findByRole("alert")).toHaveTextContent("La signature a été refusée dans Phantom.");
  },
};

/** On a 360 px phone: the connected wallet and its two buttons fit. */
export const PhoneConnected: Story = {
  ...phone360,
  beforeEach: phantom(),
  play: async () => {
    await pick("Solana Devnet");
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Phantom" }));
    await expect(await within(dialog()).findByRole("button", { name: "Sign and attach" })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await expect(dialog().getBoundingClientRect().right).toBeLessThanOrEqual(360);
  },
};

export const PhoneWallets: Story = {
  ...phone360,
  beforeEach: threeEvmWallets,
  play: async () => {
    await pick("Local EVM A");
    await expect(await within(dialog()).findByRole("button", { name: "Coinbase Wallet" })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  },
};
