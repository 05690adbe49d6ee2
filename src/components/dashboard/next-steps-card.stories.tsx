import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { NextStepsCard } from "./next-steps-card";

const meta = { title: "Dashboard/NextStepsCard", component: NextStepsCard } satisfies Meta<typeof NextStepsCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A new merchant: attaching a receiving wallet comes first (its dialog one click away), then
 * zLink's create dialog and its newest link's share instructions (SPEC §2).
 */
export const NewMerchant: Story = {
  args: { hasWallet: false, hasName: false, paid: false, onDismiss: fn() },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const steps = c.getAllByRole("listitem");
    await expect(steps[0]).toHaveTextContent("Attach a receiving wallet");
    await expect(c.getByRole("link", { name: "Attach a wallet" })).toHaveAttribute("href", "/settings/deposits?open-wallet=true");
    // Asked early: until a name is set, payers see a shortened wallet address.
    await expect(steps[1]).toHaveTextContent("Payers see it on your pay page, invoices and e-mails.");
    await expect(c.getByRole("link", { name: "Set your business name" })).toHaveAttribute("href", "/profile");
    await expect(c.getByRole("link", { name: "Create Payment Link" })).toHaveAttribute("href", "/quick-pays?open-create=true");
    await expect(c.getByRole("link", { name: "Share your link" })).toHaveAttribute("href", "/quick-pays?open-share=true");
    await expect(c.getByText("Get paid")).toBeVisible();
    await userEvent.click(c.getByRole("button", { name: "Hide next steps" }));
    await expect(args.onDismiss).toHaveBeenCalledOnce();
  },
};

/** The wallet is attached: its step reads Done, the business name is next. */
export const WalletAttached: Story = {
  args: { hasWallet: true, hasName: false, paid: false, onDismiss: fn() },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole("link", { name: "Attach a wallet" })).toBeNull();
    await expect(c.getAllByRole("listitem")[0]).toHaveTextContent("Done");
    // The first step still to do is the filled button.
    await expect(c.getByRole("link", { name: "Set your business name" })).toHaveClass("bg-primary");
  },
};

/** Wallet and name done: creating a link is next. */
export const NameSet: Story = {
  args: { hasWallet: true, hasName: true, paid: false, onDismiss: fn() },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole("link", { name: "Set your business name" })).toBeNull();
    await expect(c.getAllByRole("listitem")[1]).toHaveTextContent("Done");
  },
};

export const NameSetFrench: Story = { args: NameSet.args, globals: { locale: "fr" } };

/** While the wallets load, nothing is marked done yet. */
export const Loading: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: "Attach a wallet" })).toBeVisible();
    await expect(within(canvasElement).queryByRole("button", { name: "Hide next steps" })).toBeNull();
  },
};

export const French: Story = { args: NewMerchant.args, globals: { locale: "fr" } };

export const Phone: Story = { args: NewMerchant.args, globals: { viewport: { value: "phone" } } };

export const WalletAttachedFrenchPhone: Story = { args: WalletAttached.args, globals: { locale: "fr", viewport: { value: "phone" } } };
