import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { sampleBilling } from "@/testing/msw/admin-fixtures";
import { STORY_NOW } from "@/testing/msw/fixtures";
import { storyServer } from "@/testing/msw/store";
import { setStoryClock } from "@/testing/story-clock";
import AdminBillingIsland from "./AdminBillingIsland";

const meta = {
  title: "Islands/AdminBilling",
  component: AdminBillingIsland,
  parameters: {
    layout: "fullscreen",
    merchantSession: { settings: { permissions: ["quickpay", "admin_stats"] } },
    serverData: { billing: sampleBilling },
  },
  args: { isProduction: false },
  // The page's default months end with this month: the stories' today, so the picture does not change.
  beforeEach: () => {
    finishTour();
    return setStoryClock(STORY_NOW);
  },
} satisfies Meta<typeof AdminBillingIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /admin-billing in the merchant shell: volume per merchant per month, with the total. */
export const Billing: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
    await expect(await c.findByRole("cell", { name: "$8,120.50" })).toBeVisible();
    await expect(c.getByTestId("billing-total")).toHaveTextContent("85 payments, $9,970.75 in all");
    await expect(c.getAllByRole("link", { name: "Admin Billing" })[0]).toHaveAttribute("href", "/admin-billing");
  },
};

export const BillingFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Facturation" })).toBeVisible();
    await expect(await c.findByText("85 paiements, 9 970,75 $US au total")).toBeVisible();
  },
};

/** A merchant without `admin_stats` gets the permission screen; no billing is asked for. */
export const WithoutAdminPermission: Story = {
  parameters: { merchantSession: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "You don't have access to this page" })).toBeVisible();
    await expect(c.queryByRole("link", { name: "Admin Billing" })).toBeNull();
    await expect(storyServer.requests.filter((r) => r.path.startsWith("/api/v2/admin-billing"))).toEqual([]);
  },
};
