import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { storyDashboard, storyEmptyDashboard } from "@/testing/msw/dashboard-fixtures";
import { StatsCards } from "./stats-cards";

const meta = {
  title: "Dashboard/StatsCards",
  component: StatsCards,
  args: { state: { status: "ready", data: storyDashboard } },
} satisfies Meta<typeof StatsCards>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithPayments: Story = {
  play: async ({ canvasElement }) => {
    const volume = within(within(canvasElement).getByTestId("volume-card"));
    await expect(volume.getByText("$2,318.49")).toBeVisible();
    await expect(volume.getByText("-8.5% vs previous 7 days")).toBeVisible();
    await expect(volume.getByText("$18,452.10 all time")).toBeVisible();
    const count = within(within(canvasElement).getByTestId("transactions-card"));
    await expect(count.getByText("14")).toBeVisible();
    await expect(count.getByText("+27.3% vs previous 7 days")).toBeVisible();
  },
};

/** A merchant billed in euros: the volume is converted with exchangeRate, 2 decimals (SPEC §9). */
export const InEuros: Story = {
  args: { state: { status: "ready", data: { ...storyDashboard, exchangeRate: "0.92592592", billingCurrency: "EUR" } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("€2,146.75")).toBeVisible();
  },
};

/** Nothing before these 7 days: no percentage to show. */
export const FirstWeek: Story = {
  args: { state: { status: "ready", data: { ...storyDashboard, consolidated: { ...storyDashboard.consolidated!, paid: { count: 3, change: null }, volume: { total: "75", change: null } } } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText("No payments in the previous 7 days")).toHaveLength(2);
  },
};

/** Never paid: no consolidated data, so no cards at all (SPEC §2). */
export const Empty: Story = {
  args: { state: { status: "ready", data: storyEmptyDashboard } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId("volume-card")).toBeNull();
  },
};

export const Loading: Story = { args: { state: { status: "loading" } } };

export const Error: Story = {
  args: { state: { status: "error", message: "Internal server error" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("The figures could not be loaded. Internal server error");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("+27,3 % par rapport aux 7 jours précédents")).toBeVisible();
  },
};

export const Phone: Story = { globals: { viewport: { value: "phone" } } };
