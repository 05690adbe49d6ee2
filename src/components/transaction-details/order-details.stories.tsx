import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { sampleCheckouts } from "@/testing/msw/cart-fixtures";
import { sampleDonations } from "@/testing/msw/donate-fixtures";
import { OrderDetailsSection } from "./order-details";

/** The paid zCart's frozen lines and a donation with its donor's name and message, from the screens' story data. */
const cartOrder = sampleCheckouts.find((c) => c.paymentInfo?.orderDetails)!.paymentInfo!.orderDetails;
const donation = sampleDonations.d1.find((d) => d.donorName && d.message)!;
const donorOrder = { donor: { name: donation.donorName ?? undefined, message: donation.message ?? undefined } };

const meta = {
  title: "Transactions/OrderDetails",
  component: OrderDetailsSection,
  args: { order: cartOrder, currency: "USDC" },
} satisfies Meta<typeof OrderDetailsSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A zCart payment: the Order table, one row per line with unit price, quantity and amount. */
export const CartOrder: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole("table", { name: "Order" });
    await expect(within(table).getAllByRole("row")).toHaveLength(2);
    await expect(within(table).getByRole("rowheader", { name: "Coffee mug" })).toBeVisible();
  },
};

/** A donation: the donor's name and message for the merchant. */
export const DonorNote: Story = {
  args: { order: donorOrder },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(donation.donorName!)).toBeVisible();
  },
};

/** A donor who left only a message: the name reads as anonymous. */
export const AnonymousDonor: Story = { args: { order: { donor: { message: "Merci !" } } }, globals: { locale: "fr" } };

/** No order details (a zLink payment): nothing is shown. */
export const Nothing: Story = {
  args: { order: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("table")).toBeNull();
  },
};

export const CartOrderFrenchPhone: Story = { globals: { locale: "fr", viewport: { value: "phone" } } };
