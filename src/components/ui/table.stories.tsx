import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import {
  DataTable,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
  type DataTableColumn,
} from "./table";

type PaymentLink = { id: string; createdAt: string; orderId: string; amount: string; label: string; status: string; enabled: boolean };

const links: PaymentLink[] = [
  { id: "1", createdAt: "2026/11/02 14:05", orderId: "ZSH-7F3A21", amount: "25.00 USDC", label: "Pay Now", status: "Completed", enabled: true },
  { id: "2", createdAt: "2026/11/01 09:40", orderId: "ZSH-19B0C4", amount: "120.50 USDC", label: "Workshop ticket", status: "Pending", enabled: true },
  { id: "3", createdAt: "2026/10/28 18:12", orderId: "ZSH-0A77E9", amount: "9.99 USDC", label: "Donation", status: "Disabled", enabled: false },
];

const columns: DataTableColumn<PaymentLink>[] = [
  { id: "createdAt", header: "Date Time", cell: (r) => r.createdAt },
  { id: "orderId", header: "Order ID", cell: (r) => <span className="font-mono">{r.orderId}</span> },
  { id: "amount", header: "Amount", cell: (r) => r.amount, className: "text-right" },
  { id: "label", header: "Label", cell: (r) => r.label },
  { id: "status", header: "Status", cell: (r) => r.status },
];

const onEdit = fn();
const onInstructions = fn();

/** The table with its row type fixed, so stories get typed `columns` and `rows`. */
const PaymentLinkTable = DataTable<PaymentLink>;

const meta = {
  title: "UI/DataTable",
  component: PaymentLinkTable,
  args: { columns, rows: links, caption: "zLink payment links", getRowId: (r) => r.id },
  beforeEach: () => {
    onEdit.mockClear();
    onInstructions.mockClear();
  },
} satisfies Meta<typeof PaymentLinkTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Rows with headings, named by its (hidden) caption. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole("table", { name: "zLink payment links" });
    await expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Date Time", "Order ID", "Amount", "Label", "Status"]);
    await expect(within(table).getAllByRole("row")).toHaveLength(1 + links.length);
    await expect(within(table).getByRole("cell", { name: "ZSH-19B0C4" })).toBeVisible();
  },
};

/** While data loads: placeholder rows, the table is busy and "Loading…" is announced. */
export const Loading: Story = {
  args: { loading: true, loadingRows: 4 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole("table");
    await expect(table).toHaveAttribute("aria-busy", "true");
    await expect(table.querySelectorAll("[data-slot=data-table-skeleton-row]")).toHaveLength(4);
    await expect(canvas.getByRole("status")).toHaveTextContent("Loading…");
    await expect(canvas.queryByText("ZSH-19B0C4")).not.toBeInTheDocument();
  },
};

/** No links yet: one full-width row invites the merchant to create one (SPEC §2 zLink). */
export const Empty: Story = {
  args: { rows: [], emptyMessage: "Get paid faster — create your zLink now!" },
  play: async ({ canvasElement }) => {
    const cell = within(canvasElement).getByRole("cell", { name: "Get paid faster — create your zLink now!" });
    await expect(cell).toHaveAttribute("colspan", String(columns.length));
    await expect(within(canvasElement).getByRole("table")).not.toHaveAttribute("aria-busy");
  },
};

/** Each enabled row has a labelled "⋯" menu (Edit, View Instructions); disabled rows have none. */
export const WithRowActions: Story = {
  args: {
    rowLabel: (r) => r.orderId,
    rowActions: (r) =>
      r.enabled
        ? [
            { label: "Edit", onSelect: () => onEdit(r.id) },
            { label: "View Instructions", onSelect: () => onInstructions(r.id) },
          ]
        : [],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole("button", { name: /^Actions for / })).toHaveLength(2);
    await expect(canvas.queryByRole("button", { name: "Actions for ZSH-0A77E9" })).not.toBeInTheDocument();
    const trigger = canvas.getByRole("button", { name: "Actions for ZSH-19B0C4" });
    await userEvent.click(trigger);
    const menu = await within(document.body).findByRole("menu");
    await userEvent.click(within(menu).getByRole("menuitem", { name: "View Instructions" }));
    await expect(onInstructions).toHaveBeenCalledOnce();
    await expect(onInstructions).toHaveBeenCalledWith("2");
    await expect(onEdit).not.toHaveBeenCalled();
    await waitFor(() => expect(within(document.body).queryByRole("menu")).not.toBeInTheDocument());
  },
};

/** The row actions menu left open, to see it over the table. */
export const RowActionsOpen: Story = {
  args: WithRowActions.args,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Actions for ZSH-7F3A21" }));
    const menu = await within(document.body).findByRole("menu");
    await expect(within(menu).getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Edit", "View Instructions"]);
  },
};

const phone360 = {
  viewport: { options: { phone360: { name: "Phone 360", styles: { width: "360px", height: "640px" }, type: "mobile" } } },
};

/**
 * On a 360 px phone each row is a card: every value on its own line after its column's name, the
 * row menu in the corner, nothing to scroll sideways.
 */
export const Phone: Story = {
  args: WithRowActions.args,
  parameters: phone360,
  globals: { viewport: { value: "phone360", isRotated: false } },
  play: async ({ canvasElement }) => {
    const box = canvasElement.querySelector<HTMLElement>("[data-slot=table-container]")!;
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    const rows = [...canvasElement.querySelectorAll<HTMLElement>("tbody tr")];
    for (const row of rows) await expect(row.getBoundingClientRect().right).toBeLessThanOrEqual(box.getBoundingClientRect().right);
    const cells = [...rows[0].querySelectorAll<HTMLElement>("td[data-label]")];
    await expect(cells.map((cell) => getComputedStyle(cell, "::before").content)).toEqual(['"Date Time"', '"Order ID"', '"Amount"', '"Label"', '"Status"']);
    await expect(within(rows[0]).getByRole("button", { name: /^Actions for / })).toBeVisible();
  },
};

/** Opted out of cards (`stackOnPhone={false}`): the table scrolls sideways inside its box, which keyboard users can focus. */
export const PhoneScrollingSideways: Story = {
  args: { ...WithRowActions.args, stackOnPhone: false },
  parameters: phone360,
  globals: { viewport: { value: "phone360", isRotated: false } },
  play: async ({ canvasElement }) => {
    const box = canvasElement.querySelector<HTMLElement>("[data-slot=table-container]")!;
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await waitFor(() => expect(box).toHaveAttribute("tabindex", "0"));
    await expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
  },
};

/** The bare primitives, e.g. invoice lines with a totals footer. */
export const Primitives: Story = {
  render: () => (
    <Table className="max-w-md">
      <TableCaption>Invoice ZSH-0042 lines</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Item</TableHead>
          <TableHead scope="col" className="text-right">
            Qty
          </TableHead>
          <TableHead scope="col" className="text-right">
            Price
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <TableRow>
          <TableCell>Design work</TableCell>
          <TableCell className="text-right">2</TableCell>
          <TableCell className="text-right">$150.00</TableCell>
        </TableRow>
        <TableRow>
          <TableCell>Hosting</TableCell>
          <TableCell className="text-right">1</TableCell>
          <TableCell className="text-right">$20.00</TableCell>
        </TableRow>
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell colSpan={2}>Total</TableCell>
          <TableCell className="text-right">$320.00</TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  ),
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole("table", { name: "Invoice ZSH-0042 lines" });
    await expect(within(table).getByRole("cell", { name: "$320.00" })).toBeVisible();
  },
};
