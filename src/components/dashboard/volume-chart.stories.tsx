import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { storyDashboard } from "@/testing/msw/dashboard-fixtures";
import VolumeChart from "./volume-chart";

/** The same week with nothing paid on any day. */
const allZero = Object.fromEntries(Object.keys(storyDashboard.consolidated!.current).map((day) => [day, { paid: "0", count: 0 }]));

const drawn = (canvasElement: HTMLElement) => waitFor(() => expect(canvasElement.querySelector(".apexcharts-svg")).not.toBeNull(), { timeout: 5000 });

/** The ApexCharts drawing itself, without the lazy card around it (see LazyVolumeChart for that). */
const meta = {
  title: "Dashboard/VolumeChartDrawing",
  component: VolumeChart,
  args: { consolidated: storyDashboard.consolidated!, exchangeRate: "1", billingCurrency: "USD" },
  decorators: [(Story) => <div className="w-full">{Story()}</div>],
} satisfies Meta<typeof VolumeChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A week of payments: one point a day, the axis in whole dollars. */
export const AWeek: Story = {
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    const c = within(canvasElement);
    await waitFor(() => expect(c.getAllByText("Oct 29").length).toBeGreaterThan(0));
    await expect(c.getAllByText("Nov 5").length).toBeGreaterThan(0);
    await expect(c.getAllByText("$1,000").length).toBeGreaterThan(0);
  },
};

/** In euros at 0.9 per dollar: the points and the axis are converted. */
export const InEuros: Story = {
  args: { exchangeRate: "0.9", billingCurrency: "EUR" },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    await waitFor(() => expect(within(canvasElement).getAllByText(/€/).length).toBeGreaterThan(0));
  },
};

/** Nothing paid all week: a flat line on zero, no error. (The card never draws this: it says "No payments in the last 7 days", see LazyVolumeChart.) */
export const AllZero: Story = {
  args: { consolidated: { current: allZero } },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    await waitFor(() => expect(within(canvasElement).getAllByText("Nov 5").length).toBeGreaterThan(0));
  },
};

/** No days at all: the chart says so instead of drawing a bare frame. (The card shows its empty state instead, see LazyVolumeChart.) */
export const NoDays: Story = {
  args: { consolidated: { current: {} } },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    await waitFor(() => expect(within(canvasElement).getByText("No days to show yet.")).toBeVisible());
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    await waitFor(() => expect(within(canvasElement).getAllByText("5 nov.").length).toBeGreaterThan(0));
  },
};

export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
