import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { SOLANA_DEVNET, SOLANA_MAINNET } from "@/lib/chains";
import { STORY_WALLET } from "@/testing/msw/fixtures";
import { ConfirmWalletDialog } from "./confirm-wallet-dialog";

const meta = {
  title: "Wallet/ConfirmWalletDialog",
  component: ConfirmWalletDialog,
  args: { open: true, address: STORY_WALLET, chainId: SOLANA_MAINNET, onConfirm: fn(), onBack: fn() },
} satisfies Meta<typeof ConfirmWalletDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole("dialog", { name: "Confirm Wallet Address" });

/** On mainnet: the full address, a link to it on Solscan, and the double-check text. */
export const WithExplorerLink: Story = {
  play: async ({ args }) => {
    await expect(dialog()).toHaveAccessibleDescription(
      "Please double-check the entered wallet address as it will be used for all fund management.",
    );
    await expect(within(dialog()).getByText(STORY_WALLET)).toBeVisible();
    const link = within(dialog()).getByRole("link", { name: /^View on explorer/ });
    await expect(link).toHaveAttribute("href", `https://solscan.io/account/${STORY_WALLET}`);
    await expect(link).toHaveAttribute("target", "_blank");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Confirm" }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

/** The sandbox devnet has no public explorer: no link rather than one that leads nowhere. */
export const SandboxNoExplorer: Story = {
  args: { chainId: SOLANA_DEVNET },
  play: async () => {
    await expect(within(dialog()).getByText("Network: Solana Devnet")).toBeVisible();
    await expect(within(dialog()).queryByRole("link")).toBeNull();
  },
};

/** While saving, both buttons wait. */
export const Saving: Story = {
  args: { saving: true },
  play: async () => {
    await expect(within(dialog()).getByRole("button", { name: "Saving…" })).toBeDisabled();
    await expect(within(dialog()).getByRole("button", { name: "Back" })).toBeDisabled();
  },
};

/** Back returns to the form. */
export const Back: Story = {
  play: async ({ args }) => {
    await userEvent.click(within(dialog()).getByRole("button", { name: "Back" }));
    await expect(args.onBack).toHaveBeenCalledOnce();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async () => {
    await expect(within(document.body).getByRole("dialog", { name: "Confirmez l’adresse du portefeuille" })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async () => {
    await expect(dialog()).toBeVisible();
  },
};
