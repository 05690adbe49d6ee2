import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { storyDashboard } from "@/testing/msw/dashboard-fixtures";
import { LazyVolumeChart } from "./lazy-volume-chart";

const meta = {
  title: "Dashboard/VolumeChart",
  component: LazyVolumeChart,
  args: { consolidated: storyDashboard.consolidated!, exchangeRate: "1", billingCurrency: "USD" },
} satisfies Meta<typeof LazyVolumeChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The real ApexCharts chart, loaded once the card is in view. */
export const SevenDays: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector(".apexcharts-svg")).not.toBeNull(), { timeout: 5000 });
    await waitFor(() => expect(within(canvasElement).getAllByText("Nov 4").length).toBeGreaterThan(0));
  },
};

/** Until its module arrives the card keeps its height and shows a spinner. */
export const Loading: Story = {
  args: { load: () => new Promise(() => {}) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading chart…" })).toBeInTheDocument();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector(".apexcharts-svg")).not.toBeNull(), { timeout: 5000 });
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector(".apexcharts-svg")).not.toBeNull(), { timeout: 5000 });
  },
};
