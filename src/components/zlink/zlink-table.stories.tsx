import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { sampleLinks } from "@/testing/msw/fixtures";
import { ZLinkTable } from "./zlink-table";

const meta = {
  title: "zLink/ZLinkTable",
  component: ZLinkTable,
  parameters: { layout: "padded" },
  args: {
    rows: sampleLinks,
    timeZone: "UTC",
    onDetails: fn(),
    onCopyLink: fn(),
    onEdit: fn(),
    onInstructions: fn(),
  },
} satisfies Meta<typeof ZLinkTable>;
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
    await expect(within(canvasElement).getByRole("cell", { name: "Get paid faster — create your zLink now!" })).toBeVisible();
  },
};

/**
 * SPEC §2 columns; each status of reading 1; Details for paid rows, Copy Link otherwise (off for
 * a disabled link); the Edit / View Instructions menu only on enabled links without a payment.
 */
export const WithLinks: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const table = c.getByRole("table", { name: "Your zLinks" });
    await expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Date Time",
      "Order ID",
      "Amount",
      "Label",
      "Status",
      "Actions",
      "Row actions",
    ]);
    const pending = row(canvasElement, "7Hq2kZr9XbNm");
    await expect(pending).toHaveTextContent("Nov 4, 2026, 9:30 AM");
    await expect(pending).toHaveTextContent("12.50 USD");
    await expect(within(pending).getByText("Pending")).toBeVisible();
    await expect(within(row(canvasElement, "3fGtYw8LpQsA")).getByText("Completed")).toBeVisible();
    await expect(within(row(canvasElement, "9KmNb4VcXz2R")).getByText("Verifying")).toBeVisible();
    await expect(row(canvasElement, "9KmNb4VcXz2R")).toHaveTextContent("40 USDC");
    await expect(within(row(canvasElement, "2WxEr5TyUi8P")).getByText("Failed")).toBeVisible();
    await expect(within(row(canvasElement, "8PoIu7YtRe6W")).getByText("Disabled")).toBeVisible();

    await expect(c.getAllByRole("button", { name: /^Actions for / })).toHaveLength(1);
    await expect(c.getByRole("button", { name: "Copy link of 8PoIu7YtRe6W" })).toBeDisabled();
    await userEvent.click(c.getByRole("button", { name: "Details of 3fGtYw8LpQsA" }));
    await expect(args.onDetails).toHaveBeenCalledWith(sampleLinks[1]);
    await userEvent.click(c.getByRole("button", { name: "Copy link of 7Hq2kZr9XbNm" }));
    await expect(args.onCopyLink).toHaveBeenCalledWith(sampleLinks[0]);
  },
};

/** The row menu: Edit and View Instructions. */
export const RowMenu: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Actions for 7Hq2kZr9XbNm" }));
    const menu = await within(document.body).findByRole("menu");
    await expect(within(menu).getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Edit", "View Instructions"]);
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Edit" }));
    await waitFor(() => expect(args.onEdit).toHaveBeenCalledWith(sampleLinks[0]));
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const pending = row(canvasElement, "7Hq2kZr9XbNm");
    await expect(pending).toHaveTextContent("12,50 USD");
    await expect(within(pending).getByText("En attente")).toBeVisible();
  },
};

/** The card of one row on a phone lies wholly inside the table's box. */
const fitsInBox = async (canvasElement: HTMLElement, el: HTMLElement) => {
  const box = canvasElement.querySelector<HTMLElement>("[data-slot=table-container]")!;
  await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
  await expect(el.getBoundingClientRect().right).toBeLessThanOrEqual(box.getBoundingClientRect().right);
};

/** On a 320 px phone every zLink is a card, each value after its column's name; nothing scrolls sideways. */
export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const pending = row(canvasElement, "7Hq2kZr9XbNm");
    await fitsInBox(canvasElement, pending);
    const orderId = within(pending).getByText("7Hq2kZr9XbNm").closest("td")!;
    await expect(getComputedStyle(orderId, "::before").content).toBe('"Order ID"');
    await expect(within(pending).getByRole("button", { name: "Copy link of 7Hq2kZr9XbNm" })).toBeVisible();
    await expect(within(pending).getByRole("button", { name: "Actions for 7Hq2kZr9XbNm" })).toBeVisible();
  },
};

/** With no zLinks yet a phone reads the whole invitation, not 'Get paid faster — create your zL'. */
export const EmptyOnPhone: Story = {
  globals: { viewport: { value: "phone" } },
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    const empty = within(canvasElement).getByRole("cell", { name: "Get paid faster — create your zLink now!" });
    await fitsInBox(canvasElement, empty);
  },
};
