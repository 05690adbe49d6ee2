import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { fakePayApi, USDC_PRODUCT } from "@/components/pay/testing/fake-pay";
import { paymentStores } from "@/stores/payment";
import PayIsland from "./PayIsland";

const meta = {
  title: "Islands/Pay",
  component: PayIsland,
  parameters: { layout: "fullscreen" },
  beforeEach: () => {
    // The island uses the app's stores (localStorage/sessionStorage): start every story afresh.
    paymentStores.forgetPayment();
    paymentStores.resetFlow();
    paymentStores.setStage("details-screen");
  },
} satisfies Meta<typeof PayIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithUnknownId: Story = {
  args: { search: "?p=abc", api: fakePayApi(null) },
  play: async ({ canvasElement }) => {
    // The picked family's wallet code loads first (a loading status), then the product is asked for.
    await expect(await within(canvasElement).findByText(/does not exist/)).toBeVisible();
  },
};

export const WithoutLink: Story = {
  args: { search: "" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("status")).toHaveTextContent("Open the payment link");
  },
};

/** The real wallet-adapter container: Storybook's browser has no Solana wallet installed. */
export const NoWalletInThisBrowser: Story = {
  args: { search: `?p=${USDC_PRODUCT.id}`, api: fakePayApi(USDC_PRODUCT) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Pay Now" })).toBeVisible();
    await expect(c.getByText(/No Solana wallet was found in this browser/)).toBeVisible();
  },
};
