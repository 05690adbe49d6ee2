import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { sampleV1Invoices } from "@/testing/msw/invoice-fixtures";
import { InvoicesTable } from "./invoices-table";

const meta = {
  title: "Invoices/InvoicesTable",
  component: InvoicesTable,
  parameters: { layout: "padded" },
  args: { rows: sampleV1Invoices, onView: fn(), onDetails: fn(), onCopyLink: fn(), onDownload: fn(), onEdit: fn(), onCancel: fn() },
} satisfies Meta<typeof InvoicesTable>;
export default meta;
type Story = StoryObj<typeof meta>;

const row = (el: HTMLElement, number: string) => within(el).getByRole("cell", { name: number }).closest("tr") as HTMLElement;

export const Loading: Story = {
  args: { rows: [], loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("table")).toHaveAttribute("aria-busy", "true");
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("cell", { name: "No invoices yet — create your first invoice." })).toBeVisible();
  },
};

/** Number, payee, yyyy/MM/dd dates, the total in the invoice currency, the chip; View Invoice on every row. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(within(c.getByRole("table", { name: "Your invoices" })).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Invoice number",
      "Bill To",
      "Issued",
      "Due",
      "Total",
      "Status",
      "Actions",
      "Row actions",
    ]);
    const first = row(canvasElement, "ZSH-2026-0101");
    await expect(first).toHaveTextContent("Ada Lovelace");
    await expect(first).toHaveTextContent("2026/11/04");
    await expect(first).toHaveTextContent("2026/11/11");
    await expect(first).toHaveTextContent("1,366.50 USD");
    await expect(within(row(canvasElement, "ZSH-2026-0098")).getByText("Cancelled")).toHaveAttribute("data-color", "error");
    await userEvent.click(c.getByRole("button", { name: "View invoice ZSH-2026-0101" }));
    await expect(args.onView).toHaveBeenCalledWith(sampleV1Invoices[0]);
  },
};

/** An ACTIVE invoice can be edited and cancelled; a paid one only viewed, copied and downloaded. */
export const RowMenu: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Actions for ZSH-2026-0101" }));
    const menu = await within(document.body).findByRole("menu");
    await expect(within(menu).getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Invoice Details", "Copy Link", "Download PDF", "Edit", "Cancel"]);
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Cancel" }));
    await waitFor(() => expect(args.onCancel).toHaveBeenCalledWith(sampleV1Invoices[0]));
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Actions for ZSH-2026-0100" }));
    const paid = await within(document.body).findByRole("menu");
    await expect(within(paid).getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Invoice Details", "Copy Link", "Download PDF"]);
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(row(canvasElement, "ZSH-2026-0101")).toHaveTextContent(/1\s366,50 USD/);
    await expect(within(row(canvasElement, "ZSH-2026-0100")).getByText("Payé")).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await expect(within(row(canvasElement, "ZSH-2026-0101")).getByRole("button", { name: "View invoice ZSH-2026-0101" })).toBeVisible();
  },
};
