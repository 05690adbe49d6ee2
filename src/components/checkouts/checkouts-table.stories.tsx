import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { sampleCheckouts } from "@/testing/msw/cart-fixtures";
import { CheckoutsTable } from "./checkouts-table";

const meta = {
  title: "zCart/CheckoutsTable",
  component: CheckoutsTable,
  parameters: { layout: "padded" },
  args: { rows: sampleCheckouts, timeZone: "UTC", onDetails: fn(), onCopyLink: fn(), onEdit: fn(), onInstructions: fn() },
} satisfies Meta<typeof CheckoutsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

const row = (el: HTMLElement, orderId: string) => within(el).getByRole("cell", { name: orderId }).closest("tr") as HTMLElement;

export const Loading: Story = {
  args: { rows: [], loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("table")).toHaveAttribute("aria-busy", "true");
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("cell", { name: "Bundle your items into a checkout and start selling!" })).toBeVisible();
  },
};

/** zLink's columns; Details on a paid checkout, Copy Link otherwise (off when disabled); the menu on enabled unpaid ones. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const table = c.getByRole("table", { name: "Your checkouts" });
    await expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Date Time", "Order ID", "Amount", "Label", "Status", "Actions", "Row actions"]);
    const open = row(canvasElement, "Cart7Hq2kZr9");
    await expect(open).toHaveTextContent("45.00 USD");
    await expect(within(open).getByText("Pending")).toBeVisible();
    await expect(within(row(canvasElement, "Cart3fGtYw8L")).getByText("Completed")).toBeVisible();
    await expect(c.getByRole("button", { name: "Copy link of Cart8PoIu7Yt" })).toBeDisabled();
    await expect(c.queryByRole("button", { name: "Actions for Cart3fGtYw8L" })).toBeNull();
    await userEvent.click(c.getByRole("button", { name: "Details of Cart3fGtYw8L" }));
    await expect(args.onDetails).toHaveBeenCalledWith(sampleCheckouts[1]);
    await userEvent.click(c.getByRole("button", { name: "Copy link of Cart7Hq2kZr9" }));
    await expect(args.onCopyLink).toHaveBeenCalledWith(sampleCheckouts[0]);
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("table", { name: "Vos paiements zCart" })).toBeVisible();
    await expect(c.getAllByText("45,00 USD")).not.toHaveLength(0);
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("cell", { name: "Cart7Hq2kZr9" })).toBeInTheDocument();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
