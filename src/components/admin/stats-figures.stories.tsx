import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { sampleAdminStats } from "@/testing/msw/admin-fixtures";
import { StatsBreakdown } from "./stats-figures";

const meta = {
  title: "Admin/StatsBreakdown",
  component: StatsBreakdown,
  parameters: { layout: "padded" },
  args: { stats: sampleAdminStats },
} satisfies Meta<typeof StatsBreakdown>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Payments by status (the payment chips) and by chain, each with its paid volume. */
export const ByStatusAndChain: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("cell", { name: "Solana Devnet" })).toBeVisible();
    await expect(c.getByRole("cell", { name: "$14,910.25" })).toBeVisible();
    await expect(c.getAllByRole("row")).toHaveLength(2 + 4 + 2);
  },
};

/** A range without payments: both tables say so. */
export const NoPayments: Story = {
  args: { stats: { ...sampleAdminStats, byStatus: {}, byChain: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText("No payment was created in this range.")).toHaveLength(2);
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { name: "Paiements par statut" })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Base")).toBeVisible();
  },
};

export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Base")).toBeVisible();
  },
};
