import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { sampleAdminInflows } from "@/testing/msw/admin-fixtures";
import { storyServer } from "@/testing/msw/store";
import { sampleOpenPayments } from "@/testing/msw/unmapped-fixtures";
import AdminTransactionsIsland from "./AdminTransactionsIsland";

const meta = {
  title: "Islands/AdminTransactions",
  component: AdminTransactionsIsland,
  parameters: {
    layout: "fullscreen",
    merchantSession: { settings: { permissions: ["quickpay", "admin_stats"] } },
    serverData: { adminInflows: sampleAdminInflows, openPayments: sampleOpenPayments },
  },
  args: { isProduction: false },
  beforeEach: () => finishTour(),
} satisfies Meta<typeof AdminTransactionsIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /admin-transactions in the merchant shell: every merchant's unmapped inflows, each with whose it is. */
export const Inflows: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Map Transactions" })).toBeVisible();
    await expect(await c.findByRole("cell", { name: "shop@example.com" })).toBeVisible();
    await expect(c.getAllByRole("row")).toHaveLength(1 + sampleAdminInflows.length);
    await expect(c.getAllByRole("link", { name: "Admin Map Transactions" })[0]).toHaveAttribute("href", "/admin-transactions");
  },
};

export const InflowsFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Rapprocher les transactions" })).toBeVisible();
    await expect(await c.findByText("shop@example.com")).toBeVisible();
  },
};

/** A merchant without `admin_stats` gets the permission screen; no one's inflows are asked for. */
export const WithoutAdminPermission: Story = {
  parameters: { merchantSession: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "You don't have access to this page" })).toBeVisible();
    await expect(c.queryByRole("link", { name: "Admin Map Transactions" })).toBeNull();
    await expect(storyServer.requests.filter((r) => r.path.startsWith("/api/v2/admin-transactions"))).toEqual([]);
  },
};
