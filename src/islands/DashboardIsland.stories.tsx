import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { $nextStepsDismissed } from "@/stores/next-steps";
import { finishTour } from "@/stores/onboarding";
import { storyWallet } from "@/testing/msw/fixtures";
import { storyBalances, storyDashboard } from "@/testing/msw/dashboard-fixtures";
import { storyProfile } from "@/testing/msw/profile-fixtures";
import DashboardIsland from "./DashboardIsland";

const meta = {
  title: "Islands/Dashboard",
  component: DashboardIsland,
  // A merchant not onboarded yet, with a receiving wallet; the island refreshes them from /api/session.
  parameters: { layout: "fullscreen", merchantSession: { settings: { isOnboarded: false } }, serverData: { wallets: [storyWallet] } },
  args: { isProduction: false },
} satisfies Meta<typeof DashboardIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** With the shell's menu limited to built screens (Dashboard, zLink, Settings, the coming-soon items, API docs). */
export const SignedIn: Story = {
  // The tour opens on a first visit; this picture is of the page after it (order-independent).
  beforeEach: () => finishTour(),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await waitFor(() => expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("Overview"));
    await expect(c.getByText(/\?r=ABCD2345/)).toBeVisible();
    await expect(c.getAllByRole("link", { name: "zLink" })[0]).toHaveAttribute("href", "/quick-pays");
    await expect(c.queryByRole("link", { name: "zRequest" })).toBeNull();
  },
};

/**
 * A merchant without a receiving wallet: the warning first, above the fold; attaching a wallet is
 * the first next step; the balances card asks for one instead of showing zeros. Every way leads
 * to the wallet dialog, open at once.
 */
export const WithoutWallet: Story = {
  parameters: { serverData: { wallets: [] } },
  beforeEach: () => finishTour(),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const warning = await c.findByText("You'll not be able to receive payment, unless you attach a wallet address");
    await expect(warning).toBeVisible();
    const steps = c.getByTestId("next-steps");
    // The guide's first step is the warning above the fold; the warning's words come after it, where
    // their arrival moves nothing on screen.
    await expect(warning.compareDocumentPosition(steps) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    await expect(within(steps).getAllByRole("listitem")[0]).toHaveTextContent("Attach a receiving wallet");
    const attach = c.getAllByRole("link", { name: "Attach a wallet" });
    await expect(attach).toHaveLength(3);
    for (const link of attach) await expect(link).toHaveAttribute("href", "/settings/deposits?open-wallet=true");
    await expect(c.getByText("Attach a Solana receiving wallet to see its balances here.")).toBeVisible();
    await expect(c.queryByTestId("balance-total")).toBeNull();
  },
};

export const WithoutWalletFrenchPhone: Story = {
  ...WithoutWallet,
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText(/Vous ne pourrez pas recevoir de paiement/)).toBeVisible();
    await expect(c.getAllByRole("link", { name: "Ajouter un portefeuille" })).toHaveLength(3);
  },
};

/** Hide takes the guide away for this merchant on this browser. */
export const NextStepsHidden: Story = {
  beforeEach: () => finishTour(),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const steps = await c.findByTestId("next-steps");
    // The wallet is attached: its step is done, no warning; no business name yet: that step is next.
    await waitFor(() => expect(within(steps).getAllByRole("listitem")[0]).toHaveTextContent("Done"));
    await expect(within(steps).getByRole("link", { name: "Set your business name" })).toHaveAttribute("href", "/profile");
    await expect(c.queryByText(/You'll not be able to receive payment/)).toBeNull();
    await userEvent.click(within(steps).getByRole("button", { name: "Hide next steps" }));
    await expect(c.queryByTestId("next-steps")).toBeNull();
    await expect($nextStepsDismissed.get()).toHaveLength(1);
  },
};

/** A merchant who has been paid (with a wallet and a business name): the figures, the chart, balances and the recent payments; the next steps are done and gone. */
export const WithPayments: Story = {
  parameters: { serverData: { wallets: [storyWallet], dashboard: storyDashboard, balances: storyBalances, profile: storyProfile } },
  beforeEach: () => finishTour(),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("$2,318.49")).toBeVisible();
    await expect(await c.findByTestId("balance-total")).toHaveTextContent("$1,924.47");
    await expect(c.getByRole("link", { name: "View Transactions" })).toHaveAttribute("href", "/transactions");
    await expect(c.queryByTestId("next-steps")).toBeNull();
    // Below the fold: its code loads once it scrolls into view.
    (await c.findByTestId("volume-chart")).scrollIntoView();
    await waitFor(() => expect(canvasElement.querySelector(".apexcharts-svg")).not.toBeNull(), { timeout: 5000 });
    window.scrollTo(0, 0);
    document.querySelector("main")?.scrollTo(0, 0);
  },
};

/** Paid, wallet attached, but no business name: the guide stays, the name its one step left to do. */
export const PaidWithoutName: Story = {
  parameters: { serverData: { wallets: [storyWallet], dashboard: storyDashboard, balances: storyBalances } },
  beforeEach: () => finishTour(),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("$2,318.49")).toBeVisible();
    const steps = c.getByTestId("next-steps");
    await waitFor(() => expect(within(steps).getAllByRole("listitem")[4]).toHaveTextContent("Done"));
    await expect(within(steps).getAllByRole("listitem")[1]).not.toHaveTextContent("Done");
    await expect(within(steps).getByRole("link", { name: "Set your business name" })).toHaveClass("bg-primary");
  },
};

export const FrenchPhone: Story = {
  ...WithPayments,
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("Soldes du portefeuille")).toBeVisible();
    await expect(await c.findByTestId("balance-total")).toHaveTextContent(/1\s924,47\s\$/);
  },
};
