import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { sampleCollects } from "@/testing/msw/collect-fixtures";
import { CollectsTable } from "./collects-table";

const meta = {
  title: "zRequest/CollectsTable",
  component: CollectsTable,
  parameters: { layout: "padded" },
  args: { rows: sampleCollects, timeZone: "UTC", onDetails: fn(), onCopyLink: fn(), onEdit: fn(), onInstructions: fn(), onRemind: fn() },
} satisfies Meta<typeof CollectsTable>;
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
    await expect(within(canvasElement).getByRole("cell", { name: "Collect payments seamlessly — create your zRequest now!" })).toBeVisible();
  },
};

/** The SPEC columns, each status, Details or Copy Link, and the menu only on open requests. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const table = c.getByRole("table", { name: "Your zRequests" });
    await expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Created At",
      "Order ID",
      "Name",
      "Email",
      "Amount",
      "Status",
      "Actions",
      "Row actions",
    ]);
    const statuses = ["Rq7Hq2kZr9Xb", "Rq3fGtYw8LpQ", "Rq9KmNb4VcXz", "Rq2WxEr5TyUi", "Rq8PoIu7YtRe"].map((id) => row(canvasElement, id).textContent);
    await expect(statuses[0]).toContain("Pending");
    await expect(statuses[1]).toContain("Completed");
    await expect(statuses[2]).toContain("Verifying");
    await expect(statuses[4]).toContain("Disabled");
    await expect(c.getByRole("button", { name: "Copy link of Rq8PoIu7YtRe" })).toBeDisabled();
    await expect(c.queryByRole("button", { name: "Actions for Rq3fGtYw8LpQ" })).toBeNull();
    await userEvent.click(c.getByRole("button", { name: "Details of Rq3fGtYw8LpQ" }));
    await expect(args.onDetails).toHaveBeenCalledWith(sampleCollects[1]);
    await userEvent.click(c.getByRole("button", { name: "Actions for Rq7Hq2kZr9Xb" }));
    const items = await within(document.body).findAllByRole("menuitem");
    await expect(items.map((i) => i.textContent)).toEqual(["Edit", "View Instructions", "Send reminder"]);
  },
};

/** Without an update URL the menu has no Edit. */
export const NoUpdateUrl: Story = {
  args: { rows: [{ ...sampleCollects[0], updateUrl: null }] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Actions for Rq7Hq2kZr9Xb" }));
    const items = await within(document.body).findAllByRole("menuitem");
    await expect(items.map((i) => i.textContent)).toEqual(["View Instructions", "Send reminder"]);
  },
};
