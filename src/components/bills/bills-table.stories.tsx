import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { sampleBills } from "@/testing/msw/invoice-fixtures";
import { BillsTable } from "./bills-table";

const meta = {
  title: "zInvoice/BillsTable",
  component: BillsTable,
  parameters: { layout: "padded" },
  args: { rows: sampleBills, timeZone: "UTC", onCopyLink: fn(), onEdit: fn(), onInstructions: fn(), onView: fn(), onDetails: fn() },
} satisfies Meta<typeof BillsTable>;
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
    await expect(within(canvasElement).getByRole("cell", { name: "Invoice instantly—create your zInvoice now!" })).toBeVisible();
  },
};

/** SPEC columns, reading-2 chips in their colours, prices in the invoice currency; Copy Link off once disabled. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const table = c.getByRole("table", { name: "Your zInvoices" });
    await expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Created At",
      "Order ID",
      "Label",
      "Price",
      "Status",
      "Actions",
      "Row actions",
    ]);
    const active = row(canvasElement, "Kq7NzR2xWb4M");
    await expect(active).toHaveTextContent("Nov 4, 2026, 9:30 AM");
    await expect(active).toHaveTextContent("1,366.50 USD");
    await expect(within(active).getByText("Active")).toHaveAttribute("data-color", "secondary");
    await expect(within(row(canvasElement, "Tp3LmQ9vYc6D")).getByText("Paid")).toHaveAttribute("data-color", "primary");
    await expect(within(row(canvasElement, "Hd5WsX8kJf2A")).getByText("Disabled")).toHaveAttribute("data-color", "error");
    await expect(row(canvasElement, "Rg6TyU1oPz9E")).toHaveTextContent("1,080.50 EUR");
    await expect(c.getByRole("button", { name: "Copy link of Hd5WsX8kJf2A" })).toBeDisabled();
    await userEvent.click(c.getByRole("button", { name: "Copy link of Kq7NzR2xWb4M" }));
    await expect(args.onCopyLink).toHaveBeenCalledWith(sampleBills[0]);
  },
};

/** The menu: Edit, View Instructions, View Invoice (and Invoice Details); a paid one keeps only the views. */
export const RowMenu: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Actions for Kq7NzR2xWb4M" }));
    const menu = await within(document.body).findByRole("menu");
    await expect(within(menu).getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Edit", "View Instructions", "View Invoice", "Invoice Details"]);
    await userEvent.click(within(menu).getByRole("menuitem", { name: "View Invoice" }));
    await waitFor(() => expect(args.onView).toHaveBeenCalledWith(sampleBills[0]));
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Actions for Tp3LmQ9vYc6D" }));
    const paid = await within(document.body).findByRole("menu");
    await expect(within(paid).getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["View Invoice", "Invoice Details"]);
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const active = row(canvasElement, "Kq7NzR2xWb4M");
    await expect(active).toHaveTextContent(/1\s366,50 USD/);
    await expect(within(active).getByText("Actif")).toBeVisible();
    await expect(within(canvasElement).getByRole("columnheader", { name: "Créée le" })).toBeInTheDocument();
  },
};

/** On a phone each zInvoice is a card; nothing scrolls sideways. */
export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const active = row(canvasElement, "Kq7NzR2xWb4M");
    await expect(within(active).getByRole("button", { name: "Copy link of Kq7NzR2xWb4M" })).toBeVisible();
    await expect(within(active).getByRole("button", { name: "Actions for Kq7NzR2xWb4M" })).toBeVisible();
  },
};

export const EmptyOnPhone: Story = {
  globals: { viewport: { value: "phone" } },
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("cell", { name: "Invoice instantly—create your zInvoice now!" })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
