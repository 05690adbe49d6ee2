import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, waitFor, within } from "storybook/test";
import { storyDashboard } from "@/testing/msw/dashboard-fixtures";
import { LazyVolumeChart } from "./lazy-volume-chart";

const meta = {
  title: "Dashboard/VolumeChart",
  component: LazyVolumeChart,
  args: { consolidated: storyDashboard.consolidated!, exchangeRate: "1", billingCurrency: "USD" },
} satisfies Meta<typeof LazyVolumeChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The story week with nothing paid on any day, as the server sends a quiet week (every day, zeros). */
const quietWeek = { current: Object.fromEntries(Object.keys(storyDashboard.consolidated!.current).map((day) => [day, { paid: "0", count: 0 }])) };

/** A quiet week: the sentence at the chart's height, no ApexCharts module asked for, no svg drawn. */
const noPaymentsShown =
  (message: string): Story["play"] =>
  async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const text = await c.findByText(message);
    await expect(text).toBeVisible();
    // The same 260 px a chart takes, so nothing below moves.
    await expect(text.parentElement!.getBoundingClientRect().height).toBe(260);
    // The card is in view: a chart would have been asked for within a frame or two.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(args.load).not.toHaveBeenCalled();
    await expect(canvasElement.querySelector("svg")).toBeNull();
    await expect(c.queryByRole("status", { name: "Loading chart…" })).toBeNull();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  };

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

/** No payment in the last 7 days: the card says so instead of drawing a flat line on a $0–$6 axis. */
export const NoPayments: Story = {
  args: { consolidated: quietWeek, load: fn(() => import("./volume-chart")) },
  play: noPaymentsShown("No payments in the last 7 days"),
};

export const NoPaymentsFrench: Story = {
  ...NoPayments,
  globals: { locale: "fr" },
  play: noPaymentsShown("Aucun paiement ces 7 derniers jours"),
};

export const NoPaymentsFrenchPhone: Story = {
  ...NoPayments,
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: noPaymentsShown("Aucun paiement ces 7 derniers jours"),
};
