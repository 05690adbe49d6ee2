import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { storyBalances } from "@/testing/msw/dashboard-fixtures";
import { WalletBalancesCard } from "./wallet-balances-card";

const meta = {
  title: "Dashboard/WalletBalancesCard",
  component: WalletBalancesCard,
  args: { state: { status: "ready", data: storyBalances }, exchangeRate: "1", billingCurrency: "USD" },
} satisfies Meta<typeof WalletBalancesCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithBalances: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId("balance-SOL")).toHaveTextContent("2.4581");
    await expect(c.getByTestId("balance-USDT")).toHaveTextContent("310");
    await expect(c.getByTestId("balance-USDC")).toHaveTextContent("1,245.75");
    await expect(c.getByTestId("balance-total")).toHaveTextContent("$1,924.47");
  },
};

/** The spinner until the balances arrive (SPEC §2). */
export const Loading: Story = {
  args: { state: { status: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading balances…" })).toBeInTheDocument();
  },
};

/** A Solana wallet with nothing in it yet. */
export const Empty: Story = {
  args: { state: { status: "ready", data: { tokenBalances: { SOL: "0", USDT: "0", USDC: "0" }, totalUSD: "0.00" } } },
};

/** No Solana receiving wallet: the call to attach one (its dialog one click away), not zeros. */
export const NoWallet: Story = {
  args: { hasWallet: false, state: { status: "ready", data: { tokenBalances: { SOL: "0", USDT: "0", USDC: "0" }, totalUSD: "0.00" } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Attach a Solana receiving wallet to see its balances here.")).toBeVisible();
    await expect(c.getByRole("link", { name: "Attach a wallet" })).toHaveAttribute("href", "/settings/deposits?open-wallet=true");
    await expect(c.queryByTestId("balance-total")).toBeNull();
  },
};

export const NoWalletFrenchPhone: Story = {
  ...NoWallet,
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: "Ajouter un portefeuille" })).toBeVisible();
  },
};

/** A failed read shows zeros (SPEC §7: zero balances on any error). */
export const Error: Story = {
  args: { state: { status: "error", message: "Network request failed" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId("balance-total")).toHaveTextContent("$0.00");
  },
};

/** Total in the billing currency: 1,924.47 USD × 0.92592592 = 1,781.92 EUR. */
export const FrenchInEuros: Story = {
  args: { exchangeRate: "0.92592592", billingCurrency: "EUR" },
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId("balance-total")).toHaveTextContent(/1\s781,92\s€/);
  },
};

export const Phone: Story = { globals: { viewport: { value: "phone" } } };
