import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { sampleOrders } from "@/testing/msw/order-fixtures";
import { OrdersTable } from "./orders-table";

const meta = {
  title: "Orders/OrdersTable",
  component: OrdersTable,
  parameters: { layout: "padded" },
  args: { rows: sampleOrders.slice(0, 3), onDetails: fn(), timeZone: "UTC" },
} satisfies Meta<typeof OrdersTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Without onRefund the menu offers Details only. */
export const DetailsOnly: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Actions for Zl7Hq2kZr9Xb" }));
    const menu = within(document.body);
    await expect(menu.queryByRole("menuitem", { name: "Refund" })).toBeNull();
    await userEvent.click(await menu.findByRole("menuitem", { name: "Details" }));
    await expect(args.onDetails).toHaveBeenCalledWith(sampleOrders[0]);
  },
};

/** With onRefund (the orders page opens the refund dialog) a paid payment's menu also offers Refund; a failed one's does not. */
export const WithRefund: Story = {
  args: { onRefund: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const menu = within(document.body);
    await userEvent.click(canvas.getByRole("button", { name: "Actions for Ap9KmNb4VcXz" }));
    await expect(await menu.findByRole("menuitem", { name: "Details" })).toBeVisible();
    await expect(menu.queryByRole("menuitem", { name: "Refund" })).toBeNull();
    await userEvent.keyboard("{Escape}");
    await userEvent.click(canvas.getByRole("button", { name: "Actions for Rq3fGtYw8LpQ" }));
    await userEvent.click(await menu.findByRole("menuitem", { name: "Refund" }));
    await expect(args.onRefund).toHaveBeenCalledWith(sampleOrders[1]);
  },
};

export const Loading: Story = { args: { rows: [], loading: true } };

export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("cell", { name: "Zl7Hq2kZr9Xb" })).toBeInTheDocument();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
