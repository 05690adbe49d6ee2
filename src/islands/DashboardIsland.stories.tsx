import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { storyWallet } from "@/testing/msw/fixtures";
import { storyBalances, storyDashboard } from "@/testing/msw/dashboard-fixtures";
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

/** A merchant without a receiving wallet sees the warning with the way to attach one. */
export const WithoutWallet: Story = {
  parameters: { serverData: { wallets: [] } },
  beforeEach: () => finishTour(),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("You'll not be able to receive payment, unless you attach a wallet address")).toBeVisible();
    await expect(c.getByRole("link", { name: "Attach a wallet" })).toHaveAttribute("href", "/settings/deposits");
  },
};

/** A merchant who has been paid: the figures, the chart, balances and the recent payments. */
export const WithPayments: Story = {
  parameters: { serverData: { wallets: [storyWallet], dashboard: storyDashboard, balances: storyBalances } },
  beforeEach: () => finishTour(),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("$2,318.49")).toBeVisible();
    await expect(await c.findByTestId("balance-total")).toHaveTextContent("$1,924.47");
    await expect(c.getByRole("link", { name: "View Transactions" })).toHaveAttribute("href", "/transactions");
    await expect(c.getByRole("link", { name: "Create Payment Link" })).toHaveAttribute("href", "/quick-pays?open-create=true");
    // Below the fold: its code loads once it scrolls into view.
    (await c.findByTestId("volume-chart")).scrollIntoView();
    await waitFor(() => expect(canvasElement.querySelector(".apexcharts-svg")).not.toBeNull(), { timeout: 5000 });
    window.scrollTo(0, 0);
    document.querySelector("main")?.scrollTo(0, 0);
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
