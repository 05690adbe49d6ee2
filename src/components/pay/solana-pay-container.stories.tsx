import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { SolanaPayContainer } from "./solana-pay-container";
import { USD_PRODUCT, fakePayApi } from "./testing/fake-pay";

/**
 * The pay page with the real wallet adapter (Wallet Standard discovery) and a fake payer API.
 * Storybook's browser has no Solana wallet, so these are the states a payer without one meets;
 * the connected states are in Pay/PayFlowView and the e2e journey with the test wallet.
 */
const meta = {
  title: "Pay/SolanaPayContainer",
  component: SolanaPayContainer,
  parameters: { layout: "fullscreen" },
  args: { productId: USD_PRODUCT.id, api: fakePayApi(USD_PRODUCT) },
} satisfies Meta<typeof SolanaPayContainer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No wallet in this browser: the link's details and where to get a wallet. */
export const NoWalletInThisBrowser: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { name: "Annual membership" })).toBeVisible();
    await expect(c.getByText(/No Solana wallet was found in this browser/)).toBeVisible();
  },
};

/** A link the server does not know (or a disabled one). */
export const LinkNotFound: Story = {
  args: { productId: "missing", api: fakePayApi(null) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/does not exist or is no longer available/)).toBeVisible();
  },
};
