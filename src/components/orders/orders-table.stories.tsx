import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { partlyPaidOrder, sampleOrders } from "@/testing/msw/order-fixtures";
import { fullyRefundedPayment, partiallyRefundedPayment } from "@/testing/msw/fixtures";
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

const refundedRows = [
  { ...sampleOrders[0]!, ...partiallyRefundedPayment, _id: "o8", orderId: "Zl5RfPa3Rt1X" },
  { ...sampleOrders[0]!, ...fullyRefundedPayment, _id: "o9", orderId: "Zl6RfFu4Ll2Y" },
  sampleOrders[1]!,
];
/** The received-amount cell of the row of `orderId`. */
const receivedCell = (canvasElement: HTMLElement, orderId: string) => {
  const row = within(canvasElement).getByRole("cell", { name: orderId }).closest("tr")!;
  const column = within(canvasElement).getAllByRole("columnheader").findIndex((h) => /Received Amount|Montant reçu/.test(h.textContent ?? ""));
  return within(row).getAllByRole("cell")[column]!;
};

/** 5 of 12.5 USDC refunded: under the received amount a muted "Refunded 5 USDC"; the chip still reads Completed. */
export const PartiallyRefunded: Story = {
  args: { rows: refundedRows },
  play: async ({ canvasElement }) => {
    const cell = receivedCell(canvasElement, "Zl5RfPa3Rt1X");
    await expect(cell).toHaveAccessibleName("12.5 USDC Refunded 5 USDC");
    await expect(within(cell).getByText("Refunded 5 USDC")).toBeVisible();
    const row = cell.closest("tr")!;
    await expect(within(row).getByText("Completed")).toBeVisible();
    await expect(receivedCell(canvasElement, "Rq3fGtYw8LpQ")).toHaveAccessibleName("40 USDC");
  },
};

/** Refunded whole: "Refunded 12.5 USDC" under the received amount. */
export const FullyRefunded: Story = {
  args: { rows: [refundedRows[1]!, sampleOrders[2]!] },
  play: async ({ canvasElement }) => {
    await expect(within(receivedCell(canvasElement, "Zl6RfFu4Ll2Y")).getByText("Refunded 12.5 USDC")).toBeVisible();
  },
};

/** En français sur un téléphone de 360 px : « Remboursé 5 USDC », sans débordement. */
export const RefundedFrenchPhone: Story = {
  args: { rows: refundedRows },
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Remboursé 5 USDC")).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
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

/** Every product type in French: brands stay (zLink, zInvoice…), a donation reads Don and a v1 invoice Facture, as in Details. */
export const FrenchEveryType: Story = {
  globals: { locale: "fr" },
  args: { rows: sampleOrders },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // The type sits under the product's name in its cell (alone when the product has none: zApi).
    for (const label of ["zLink", "zRequest", "zApi", "zInvoice", "Facture", "zCart", "Don"]) await expect(c.getByText(label, { exact: true })).toBeInTheDocument();
    await expect(c.queryByText("Donation", { exact: true })).toBeNull();
  },
};

/** Two zLink orders no longer look alike: each names its product, and the payer (e-mail, else the wallet shortened). */
export const ProductAndPayer: Story = {
  args: { rows: [partlyPaidOrder, ...sampleOrders.slice(0, 2)] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByText("Coffee beans")).toHaveLength(2);
    await expect(c.getByText("ada@example.com")).toBeVisible();
    await expect(c.getByText("Partly paid")).toBeVisible();
    await expect(c.getByRole("cell", { name: "9 USDC" })).toBeVisible();
  },
};

/** The same in French on a 360 px phone: token amounts with a comma, as fiat ones (« 12,5 USDC »). */
export const ProductAndPayerFrenchPhone: Story = {
  ...ProductAndPayer,
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Partiellement payé")).toBeVisible();
    await expect(c.getAllByText("12,5 USDC").length).toBeGreaterThan(0);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
