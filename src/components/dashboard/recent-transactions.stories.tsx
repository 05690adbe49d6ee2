import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import type { RecentTransactionDto } from "@/lib/dashboard";
import { storyRecent } from "@/testing/msw/dashboard-fixtures";
import { RecentTransactions } from "./recent-transactions";

const meta = {
  title: "Dashboard/RecentTransactions",
  component: RecentTransactions,
  args: { state: { status: "ready", data: { recent: storyRecent } }, timeZone: "UTC" },
} satisfies Meta<typeof RecentTransactions>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Grouped by day, newest first, with the way to the full list. */
export const WithTransactions: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole("region").map((r) => r.getAttribute("aria-label"))).toEqual(["Nov 5, 2026", "Nov 4, 2026", "Nov 2, 2026"]);
    await expect(c.getByText("120.5 USDC")).toBeVisible();
    await expect(c.getByText("Failed")).toBeVisible();
    await expect(c.getByRole("link", { name: "View Transactions" })).toHaveAttribute("href", "/transactions");
  },
};

const many: RecentTransactionDto[] = Array.from({ length: 12 }, (_, i) => ({ ...storyRecent[0]!, _id: `m${i}`, createdAt: `2026-11-05T${String(11 - i).padStart(2, "0")}:00:00.000Z` }));

/** At most 10 items, whatever arrives (SPEC §9). */
export const Capped: Story = {
  args: { state: { status: "ready", data: { recent: many } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("listitem")).toHaveLength(10);
  },
};

export const Empty: Story = {
  args: { state: { status: "ready", data: { recent: [] } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No transactions yet.")).toBeVisible();
  },
};

export const Loading: Story = { args: { state: { status: "loading" } } };

export const Error: Story = {
  args: { state: { status: "error", message: "Internal server error" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Recent transactions could not be loaded.");
  },
};

export const French: Story = { globals: { locale: "fr" } };

export const Phone: Story = { globals: { viewport: { value: "phone" } } };
