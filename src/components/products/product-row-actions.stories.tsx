import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import type { DataTableColumn } from "@/components/ui/table";
import { sampleLinks } from "@/testing/msw/fixtures";
import type { QuickPayDto } from "@/lib/zlink";
import { ProductTable } from "./product-row-actions";

/** Two plain columns stand in for a product's own; the shared shell adds Actions and the menu. */
const columns: DataTableColumn<QuickPayDto>[] = [
  { id: "orderId", header: "Order ID", cell: (r) => <span className="font-mono">{r.hashedId}</span> },
  { id: "label", header: "Label", cell: (r) => r.label },
];
const onEdit = fn();

const meta = {
  title: "Products/ProductTable",
  component: ProductTable<QuickPayDto>,
  parameters: { layout: "padded" },
  args: {
    ns: "zlink",
    rows: sampleLinks,
    columns,
    onDetails: fn(),
    onCopyLink: fn(),
    menu: (r: QuickPayDto) => (r.enabled && !r.paymentInfo ? [{ label: "Edit", onSelect: () => onEdit(r) }] : []),
  },
} satisfies Meta<typeof ProductTable<QuickPayDto>>;
export default meta;
type Story = StoryObj<typeof meta>;

const row = (el: HTMLElement, orderId: string) => within(el).getByRole("cell", { name: orderId }).closest("tr") as HTMLElement;

/** Details for a paid product, Copy Link otherwise (off when disabled), the menu only where it has items. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const table = c.getByRole("table", { name: "Your zLinks" });
    await expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Order ID", "Label", "Actions", "Row actions"]);
    await expect(c.getAllByRole("button", { name: /^Actions for / })).toHaveLength(1);
    await expect(c.getByRole("button", { name: "Copy link of 8PoIu7YtRe6W" })).toBeDisabled();
    await userEvent.click(c.getByRole("button", { name: "Details of 3fGtYw8LpQsA" }));
    await expect(args.onDetails).toHaveBeenCalledWith(sampleLinks[1]);
    await userEvent.click(within(row(canvasElement, "7Hq2kZr9XbNm")).getByRole("button", { name: "Copy link of 7Hq2kZr9XbNm" }));
    await expect(args.onCopyLink).toHaveBeenCalledWith(sampleLinks[0]);
  },
};

/** The row's "⋯" menu lists the product's own items. */
export const RowMenu: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Actions for 7Hq2kZr9XbNm" }));
    const menu = await within(document.body).findByRole("menu");
    await expect(within(menu).getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Edit"]);
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Edit" }));
    await waitFor(() => expect(onEdit).toHaveBeenCalledWith(sampleLinks[0]));
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("cell", { name: "Get paid faster — create your zLink now!" })).toBeVisible();
  },
};

export const Loading: Story = {
  args: { rows: [], loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("table")).toHaveAttribute("aria-busy", "true");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("button", { name: /^Copier le lien/ }).length).toBeGreaterThan(0);
  },
};

/** On a phone each product is a card, its Copy Link and menu still reachable. */
export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const pending = row(canvasElement, "7Hq2kZr9XbNm");
    await expect(within(pending).getByRole("button", { name: "Copy link of 7Hq2kZr9XbNm" })).toBeVisible();
    await expect(within(pending).getByRole("button", { name: "Actions for 7Hq2kZr9XbNm" })).toBeVisible();
  },
};
