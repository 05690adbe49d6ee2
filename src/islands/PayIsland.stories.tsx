import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { fakePayApi, LOCAL_EVM_A, LOCAL_EVM_B, MULTI_CHAIN_PRODUCT, USDC_PRODUCT } from "@/components/pay/testing/fake-pay";
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
    // The first story of the file pays for the cold chunk load: wait longer than the default second.
    await expect(await within(canvasElement).findByText(/does not exist/, {}, { timeout: 15_000 })).toBeVisible();
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

/** The instance's EVM chains, as /api/config names them (unreachable RPCs: nothing is sent). */
const multiChainApi = fakePayApi(MULTI_CHAIN_PRODUCT, {
  getConfig: async () => ({
    contractsMeta: {
      [String(LOCAL_EVM_A)]: { name: "Local EVM A", network: "local", rpcUrl: "http://127.0.0.1:1" },
      [String(LOCAL_EVM_B)]: { name: "Local EVM B", network: "local", rpcUrl: "http://127.0.0.1:2" },
    } as never,
  }),
});

/**
 * The payer picks EVM: its wallet code arrives and replaces the Solana container, then its
 * wallets are set up. Focus stays on the EVM choice through both (the new container's copy of
 * it), so the keyboard and a screen reader carry on where they were instead of starting again
 * from the top of the page.
 */
export const SwitchingToEvmKeepsFocus: Story = {
  args: { search: `?p=${MULTI_CHAIN_PRODUCT.id}`, api: multiChainApi, family: "solana" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const solanaView = await c.findByText(/No Solana wallet was found in this browser/);
    await userEvent.click(c.getByRole("radio", { name: "EVM" }));
    // The Solana container is gone once the EVM code is here; the wallet list once wagmi is set up.
    await waitFor(() => expect(solanaView).not.toBeInTheDocument(), { timeout: 15_000 });
    await expect(await c.findByRole("button", { name: /Coinbase Wallet/ }, { timeout: 15_000 })).toBeVisible();
    const evm = c.getByRole("radio", { name: "EVM" });
    await expect(evm).toBeChecked();
    await expect(evm).toHaveFocus();
  },
};
