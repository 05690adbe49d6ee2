import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { sampleAdminStats, sampleProductionRequests } from "@/testing/msw/admin-fixtures";
import { STORY_NOW } from "@/testing/msw/fixtures";
import { storyServer } from "@/testing/msw/store";
import { setStoryClock } from "@/testing/story-clock";
import AdminStatsIsland from "./AdminStatsIsland";

const meta = {
  title: "Islands/AdminStats",
  component: AdminStatsIsland,
  parameters: {
    layout: "fullscreen",
    merchantSession: { settings: { permissions: ["quickpay", "admin_stats"] } },
    serverData: { adminStats: sampleAdminStats, productionRequests: sampleProductionRequests },
  },
  args: { isProduction: false },
  // The page's default range ends today: the stories' today, so the picture does not change daily.
  beforeEach: () => {
    finishTour();
    return setStoryClock(STORY_NOW);
  },
} satisfies Meta<typeof AdminStatsIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /admin-stats in the merchant shell: the operator's figures over the last ten days, Admin stats in the menu. */
export const Statistics: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Admin stats" })).toBeVisible();
    await expect(await c.findByTestId("admin-merchants")).toHaveTextContent("42");
    await expect(c.getByTestId("admin-volume")).toHaveTextContent("$15,320.75");
    await expect(c.getAllByRole("link", { name: "Admin stats" })[0]).toHaveAttribute("href", "/admin-stats");
    // The chart's code loads once it is in view (it is, on this screen): the picture waits for it.
    await waitFor(() => expect(canvasElement.querySelector(".apexcharts-svg")).not.toBeNull(), { timeout: 5000 });
    // Below the figures: the production-access requests, with Grant on the pending ones.
    await expect(await c.findAllByRole("button", { name: /^Grant production access to/ })).toHaveLength(2);
  },
};

export const StatisticsFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Statistiques admin" })).toBeVisible();
    await expect(await c.findByTestId("admin-merchants")).toHaveTextContent("42");
  },
};

/** A merchant without `admin_stats` gets the permission screen; no operator figures are asked for. */
export const WithoutAdminPermission: Story = {
  parameters: { merchantSession: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "You don't have access to this page" })).toBeVisible();
    await expect(c.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(c.queryByRole("link", { name: "Admin stats" })).toBeNull();
    await expect(storyServer.requests.filter((r) => r.path.startsWith("/api/v2/admin-stats") || r.path.startsWith("/api/admin/"))).toEqual([]);
  },
};
