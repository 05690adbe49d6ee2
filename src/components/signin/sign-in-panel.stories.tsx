import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { SignInPanel } from "./sign-in-panel";

const icon =
  "data:image/svg+xml;base64," +
  btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#14b8a6"/></svg>');

const meta = {
  title: "SignIn/SignInPanel",
  component: SignInPanel,
  parameters: { layout: "fullscreen" },
  args: {
    wallets: [
      { name: "Phantom", icon },
      { name: "Solflare", icon },
    ],
    phase: "idle",
    error: null,
    onDismissError: fn(),
    onChoose: fn(),
    showWalletApps: false,
  },
} satisfies Meta<typeof SignInPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WalletsDetected: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Continue with Solflare" }));
    await expect(args.onChoose).toHaveBeenCalledWith("Solflare");
  },
};

export const NoWallet: Story = {
  args: { wallets: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/No Solana wallet was found/)).toBeVisible();
  },
};

/** The wallet code is still loading (it follows first paint): the list's place is held, no "no wallet" yet. */
export const DetectingWallets: Story = {
  args: { wallets: [], detecting: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(c.queryByText(/No Solana wallet was found/)).toBeNull();
    await expect(c.queryByRole("list")).toBeNull();
  },
};

export const WaitingForSignature: Story = {
  args: { phase: "signing" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/Approve the sign-in message/)).toBeVisible();
    await expect(c.getByRole("status", { name: "Loading…" })).toBeVisible();
    await expect(c.getByRole("button", { name: "Continue with Phantom" })).toBeDisabled();
  },
};

export const LoginFailed: Story = {
  args: { error: "You declined the request in your wallet." },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("alert")).toHaveTextContent("Login failed. You declined the request in your wallet.");
    await userEvent.click(c.getByRole("button", { name: "Dismiss" }));
    await expect(args.onDismissError).toHaveBeenCalled();
  },
};

export const OnAPhone: Story = {
  args: { showWalletApps: true, wallets: [] },
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    for (const name of ["Phantom", "Solflare", "Backpack"]) await expect(c.getByRole("button", { name })).toBeVisible();
  },
};

export const French: Story = { globals: { locale: "fr" } };
