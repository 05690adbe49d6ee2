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

/** With onRefund (wired by the refund dialog's page) the menu also offers Refund. */
export const WithRefund: Story = {
  args: { onRefund: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Actions for Rq3fGtYw8LpQ" }));
    await userEvent.click(await within(document.body).findByRole("menuitem", { name: "Refund" }));
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
