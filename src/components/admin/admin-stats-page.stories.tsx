import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { sampleAdminStats } from "@/testing/msw/admin-fixtures";
import { failing, stalled } from "@/testing/msw/overrides";
import { storyServer } from "@/testing/msw/store";
import { AdminStatsPage } from "./admin-stats-page";

const meta = {
  title: "Admin/AdminStatsPage",
  component: AdminStatsPage,
  parameters: {
    layout: "padded",
    merchantSession: { settings: { permissions: ["quickpay", "admin_stats"] } },
    toastBar: true,
    serverData: { adminStats: sampleAdminStats },
  },
  args: { api: merchantApi, timeZone: "UTC", initialRange: sampleAdminStats.range },
} satisfies Meta<typeof AdminStatsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The same ten days without a single payment (the server still sends every day, at zero). Every
 * field is written out: Storybook merges a story's parameters into the meta's, so `{}` would keep
 * the sample's buckets.
 */
const none = { count: 0, volume: "0" };
const quietStats = {
  ...sampleAdminStats,
  merchants: { total: 42, new: 0, active: 0 },
  paid: none,
  payments: 0,
  byStatus: { failed: none, initiated: none, paid: none, validated: none },
  byChain: [],
  days: Object.fromEntries(Object.keys(sampleAdminStats.days).map((d) => [d, { paid: "0", count: 0 }])),
};

const chartDrawn = async (canvas: HTMLElement) => {
  // The chart loads once in view: on a phone the cards push it below the fold.
  (await within(canvas).findByTestId("volume-chart")).scrollIntoView();
  await waitFor(() => expect(canvas.querySelector(".apexcharts-svg")).not.toBeNull(), { timeout: 5000 });
  // Back to the top, so the baseline shows the heading and the range form rather than a blank band.
  window.scrollTo(0, 0);
};

/** Merchants, payments and volume, the chart of the range, and payments by status and chain. */
export const Statistics: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTestId("admin-merchants")).toHaveTextContent("42");
    await expect(c.getByTestId("admin-merchants")).toHaveTextContent("3 new, 17 paid in the range");
    await expect(c.getByTestId("admin-volume")).toHaveTextContent("$15,320.75");
    await expect(c.getByTestId("admin-computed-at")).toHaveTextContent("(from the cache)");
    await expect(c.getByRole("cell", { name: "Base" })).toBeVisible();
    await expect(c.getByRole("heading", { name: "Paid volume per day" })).toBeVisible();
    await chartDrawn(canvasElement);
    await expect(storyServer.requests.some((r) => r.path === "/api/v2/admin-stats/read?start=2026-10-27&end=2026-11-05")).toBe(true);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [stalled()] } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("[aria-busy='true']")).not.toBeNull();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/v2/admin-stats/read")] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("The statistics could not be loaded: Internal server error");
  },
};

/** Apply computes the chosen range afresh (`/filter`). */
export const RangeApplied: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByTestId("admin-merchants");
    const from = c.getByLabelText("From");
    await userEvent.clear(from);
    await userEvent.type(from, "01/11/2026");
    await userEvent.click(c.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(storyServer.bodiesSentTo("POST", "/api/v2/admin-stats/filter")).toEqual([{ start: "2026-11-01", end: "2026-11-05" }]));
    await expect(await c.findByTestId("admin-computed-at")).not.toHaveTextContent("from the cache");
    await chartDrawn(canvasElement);
  },
};

/** A start after the end is refused before any request, with the reason. */
export const RangeRefused: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByTestId("admin-merchants");
    const to = c.getByLabelText("To");
    await userEvent.clear(to);
    await userEvent.type(to, "01/10/2026");
    await userEvent.click(c.getByRole("button", { name: "Apply" }));
    await expect(await c.findByRole("alert")).toHaveTextContent("The start must be on or before the end.");
    await expect(storyServer.bodiesSentTo("POST", "/api/v2/admin-stats/filter")).toEqual([]);
    await chartDrawn(canvasElement);
  },
};

/** Clearing the cache reads the range again, computed afresh. */
export const CacheCleared: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByTestId("admin-merchants");
    await userEvent.click(c.getByRole("button", { name: "Clear cache and recompute" }));
    await expect(await within(document.body).findByText("Statistics cache cleared")).toBeVisible();
    await waitFor(() => expect(c.getByTestId("admin-computed-at")).not.toHaveTextContent("from the cache"));
    await chartDrawn(canvasElement);
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { name: "Paiements par réseau" })).toBeVisible();
    await chartDrawn(canvasElement);
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId("admin-merchants");
    await chartDrawn(canvasElement);
  },
};

export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId("admin-merchants");
    await chartDrawn(canvasElement);
  },
};

/** A range without payments: the chart card says so at its usual height, and ApexCharts is not loaded. */
export const NoPaymentsInRange: Story = {
  parameters: { serverData: { adminStats: quietStats } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("No payments in this range")).toBeVisible();
    await expect(c.getByTestId("volume-chart")).not.toHaveTextContent("last 7 days");
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(canvasElement.querySelector(".apexcharts-canvas")).toBeNull();
  },
};

export const NoPaymentsInRangeFrenchPhone: Story = {
  ...NoPaymentsInRange,
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const message = await c.findByText("Aucun paiement sur cette période");
    // Below the cards on a phone: the baseline shows the card rather than the top of the page.
    message.scrollIntoView({ block: "center" });
    await expect(message).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
