import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { SOLANA_DEVNET } from "@/lib/chains";
import { merchantApi } from "@/stores/merchant-api";
import { STORY_WALLET } from "@/testing/msw/fixtures";
import { MANY_CHAINS, SANDBOX_CHAINS, statusChains } from "./story-chains";
import { WalletConnectDialog } from "./wallet-connect-dialog";

/** The chains step, the search box, the back arrow and the modes (SPEC §2 "Wallet connect dialog"). */
const meta = {
  title: "Wallet/WalletConnectDialog/Chains",
  component: WalletConnectDialog,
  args: { open: true, onOpenChange: fn(), onSaved: fn(), api: merchantApi, chains: statusChains(SANDBOX_CHAINS) },
  parameters: { merchantSession: true, serverData: { offeredChains: SANDBOX_CHAINS } },
} satisfies Meta<typeof WalletConnectDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole("dialog");
const phone360 = {
  parameters: { viewport: { options: { phone360: { name: "Phone 360", styles: { width: "360px", height: "640px" }, type: "mobile" } } } },
  globals: { viewport: { value: "phone360", isRotated: false } },
};

/** Opens on the networks; three of them, so no search box. */
export const Default: Story = {
  play: async () => {
    await expect(dialog()).toHaveAccessibleName("Choose a network");
    await expect(dialog()).toHaveAccessibleDescription("Pick the network you want to be paid on.");
    const list = within(dialog()).getByRole("list", { name: "Networks" });
    await expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual(["Solana Devnet", "Local EVM A", "Local EVM B"]);
    await expect(within(dialog()).queryByRole("searchbox")).toBeNull();
    await expect(within(dialog()).queryByRole("button", { name: "Back" })).toBeNull();
  },
};

/** More than five networks: a search box above them. */
export const WithSearch: Story = {
  args: { chains: statusChains(MANY_CHAINS) },
  play: async () => {
    await expect(within(dialog()).getByRole("searchbox", { name: "Search networks" })).toBeVisible();
    await expect(within(dialog()).getAllByRole("listitem")).toHaveLength(7);
  },
};

/** The search narrows the list as it is typed. */
export const SearchFilters: Story = {
  args: { chains: statusChains(MANY_CHAINS) },
  play: async () => {
    await userEvent.type(within(dialog()).getByRole("searchbox"), "poly");
    await expect(within(dialog()).getAllByRole("listitem").map((i) => i.textContent)).toEqual(["Polygon"]);
  },
};

/** Nothing matches: said so, with what was typed. */
export const SearchNoResult: Story = {
  args: { chains: statusChains(MANY_CHAINS) },
  play: async () => {
    await userEvent.type(within(dialog()).getByRole("searchbox"), "Dogecoin");
    await expect(within(dialog()).getByRole("status")).toHaveTextContent("No network matches “Dogecoin”.");
    await expect(within(dialog()).queryByRole("list")).toBeNull();
  },
};

/** A family that already has a wallet is marked and cannot be picked again. */
export const OneAlreadyAttached: Story = {
  args: { chains: statusChains(SANDBOX_CHAINS, { solana: STORY_WALLET }) },
  play: async () => {
    const solana = within(dialog()).getByRole("button", { name: /Solana Devnet/ });
    await expect(solana).toBeDisabled();
    await expect(solana).toHaveTextContent("Attached");
    await expect(within(dialog()).getByRole("button", { name: "Local EVM A" })).toBeEnabled();
  },
};

/** Picking a network opens its wallets; the back arrow returns to the networks. */
export const PickThenBack: Story = {
  play: async () => {
    await userEvent.click(within(dialog()).getByRole("button", { name: "Solana Devnet" }));
    await expect(dialog()).toHaveAccessibleName("Connect a wallet");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Back" }));
    await expect(dialog()).toHaveAccessibleName("Choose a network");
  },
};

/** Keyboard only: the first network has the focus when it opens, Tab moves on, Enter picks. */
export const Keyboard: Story = {
  play: async () => {
    await expect(within(dialog()).getByRole("button", { name: "Solana Devnet" })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog()).getByRole("button", { name: "Local EVM A" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(dialog()).toHaveAccessibleName("Connect a wallet");
    await expect(dialog()).toHaveAccessibleDescription("Payments on Local EVM A and your other EVM networks will be sent to the wallet you choose.");
  },
};

/** Switch mode opens at the wallets of the wallet being changed, without a way back to the networks. */
export const SwitchMode: Story = {
  args: { mode: "switch", chainId: SOLANA_DEVNET, chains: statusChains(SANDBOX_CHAINS, { solana: STORY_WALLET }) },
  play: async () => {
    await expect(dialog()).toHaveAccessibleName("Change the receiving wallet");
    await expect(dialog()).toHaveAccessibleDescription("Payments on Solana Devnet will be sent to the wallet you choose.");
    await expect(within(dialog()).queryByRole("button", { name: "Back" })).toBeNull();
    await expect(within(dialog()).getByRole("button", { name: "Enter address manually" })).toBeVisible();
  },
};

/** Deployer mode opens at the wallets too, and offers no manual entry: deploying needs a connected wallet. */
export const DeployerMode: Story = {
  args: { mode: "deployer", chainId: SANDBOX_CHAINS[1] },
  play: async () => {
    await expect(dialog()).toHaveAccessibleName("Connect the wallet to deploy with");
    await expect(within(dialog()).queryByRole("button", { name: "Enter address manually" })).toBeNull();
  },
};

/** No network left after the merchant's restrictions. */
export const NoNetworkOffered: Story = {
  args: { chains: [] },
  play: async () => {
    await expect(within(dialog()).getByText("No network is available for your account.")).toBeVisible();
  },
};

export const French: Story = {
  args: { chains: statusChains(MANY_CHAINS) },
  globals: { locale: "fr" },
  play: async () => {
    await expect(dialog()).toHaveAccessibleName("Choisissez un réseau");
    await expect(within(dialog()).getByRole("searchbox", { name: "Rechercher un réseau" })).toBeVisible();
  },
};

export const FrenchSearchNoResult: Story = {
  args: { chains: statusChains(MANY_CHAINS) },
  globals: { locale: "fr" },
  play: async () => {
    await userEvent.type(within(dialog()).getByRole("searchbox"), "Dogecoin");
    await expect(within(dialog()).getByRole("status")).toHaveTextContent("Aucun réseau ne correspond à « Dogecoin ».");
  },
};

/** On a 360 px phone: the list fits, nothing scrolls sideways. */
export const Phone: Story = {
  ...phone360,
  args: { chains: statusChains(MANY_CHAINS) },
  play: async () => {
    await expect(within(dialog()).getByRole("searchbox")).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await expect(dialog().getBoundingClientRect().right).toBeLessThanOrEqual(360);
  },
};

/** A non-custodial merchant on an EVM network: the wallet deploys (or finds) the route first, so there is no manual entry. */
export const NonCustodialEvmDeploysTheRoute: Story = {
  args: { nonCustodial: true },
  play: async () => {
    await userEvent.click(within(dialog()).getByRole("button", { name: "Local EVM A" }));
    await expect(dialog()).toHaveAccessibleDescription(
      "Your route contract on Local EVM A is deployed from the wallet you choose (or found, if it already has one): payments go to it, and only this wallet can move them.",
    );
    await expect(within(dialog()).queryByRole("button", { name: "Enter address manually" })).toBeNull();
  },
};
