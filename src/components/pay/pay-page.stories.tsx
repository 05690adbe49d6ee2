import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { initialTransactionFlow } from "@/stores/payment";
import { pickPayOption, type PayFlowState } from "./pay-flow";
import { PayPage } from "./pay-page";
import { BRANDED_PRODUCT, FAUCET_GRANT, PAYER_ADDRESS, TX_HASH, USD_PRODUCT, paymentInfoFor } from "./testing/fake-pay";
import type { PayWalletView } from "./wallet-panel";

/** The page as the pay flow controller drives it; here its state is given directly, one screen per story. */
const ready = (over: Partial<PayFlowState> = {}, product = USD_PRODUCT): PayFlowState => ({
  load: { kind: "ready", product, option: pickPayOption(product)! },
  wallet: PAYER_ADDRESS,
  sanction: "passed",
  faucet: { status: "idle" },
  notice: null,
  starting: false,
  ...over,
});
const wallet: PayWalletView = { wallets: [], address: PAYER_ADDRESS, connecting: false, connect: fn(), disconnect: fn() };

const meta = {
  title: "Pay/PayPageScreens",
  component: PayPage,
  parameters: { layout: "fullscreen" },
  args: {
    state: ready(),
    stage: "details-screen",
    flow: initialTransactionFlow(),
    wallet,
    onRetrySanction: fn(),
    onFaucet: fn(),
    onPay: fn(),
    onTryAgain: fn(),
  },
} satisfies Meta<typeof PayPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Ready to pay: summary, connected wallet, the faucet in sandbox, the Pay button. */
export const ReadyToPay: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Pay $49.99" }));
    await expect(args.onPay).toHaveBeenCalledTimes(1);
  },
};

export const Loading: Story = {
  args: { state: ready({ load: { kind: "loading" } }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading the payment…" })).toHaveAttribute("aria-busy", "true");
  },
};

/** Unknown or disabled link. */
export const LinkNotFound: Story = {
  args: { state: ready({ load: { kind: "not-found" } }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/does not exist or is no longer available/)).toBeVisible();
  },
};

/** The server could not be reached: what it said, and a reload. */
export const LoadFailed: Story = {
  args: { state: ready({ load: { kind: "error", message: "Network request failed" } }) },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(alert).toHaveTextContent("The payment could not be loaded.");
    await expect(alert).toHaveTextContent("Network request failed");
  },
};

/** The merchant's brand colour and logo, test coins just granted. */
export const BrandedWithTestCoins: Story = {
  args: { state: ready({ faucet: { status: "granted", grant: FAUCET_GRANT } }, BRANDED_PRODUCT) },
};

/** Paying: the wallet sent it, the page follows the network. */
export const Paying: Story = {
  args: {
    stage: "payment-screen",
    flow: { ...initialTransactionFlow(), transactionInfo: paymentInfoFor(USD_PRODUCT), currentState: "submitted", transactionResult: { hash: TX_HASH, payer: PAYER_ADDRESS } },
  },
};

/** Done: the result screen from the server's progress. */
export const Complete: Story = {
  args: {
    stage: "result-screen",
    flow: {
      ...initialTransactionFlow(),
      transactionInfo: paymentInfoFor(USD_PRODUCT),
      currentState: "submitted",
      transactionResult: { hash: TX_HASH, payer: PAYER_ADDRESS, progress: { payment: "pay_1", status: "validated", hash: TX_HASH } },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { name: "Payment complete" })).toBeVisible();
  },
};

export const French: Story = { globals: { locale: "fr" } };
export const Phone: Story = { globals: { viewport: { value: "phone" } } };

/** A dark brand colour: the header accent and the pay button in it, their text white (contrast kept). */
const NAVY_PRODUCT = { ...BRANDED_PRODUCT, merchant: { ...BRANDED_PRODUCT.merchant, displayName: "Acme Coffee", brandColor: "#1e3a8a" } };
export const BrandedDarkFrench: Story = {
  globals: { locale: "fr" },
  args: { state: ready({}, NAVY_PRODUCT) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Acme Coffee")).toBeVisible();
    const page = canvasElement.querySelector<HTMLElement>('[data-slot="pay-page"]')!;
    await expect(page.style.getPropertyValue("--primary-foreground")).toBe("#ffffff");
  },
};

/** The branded page on a 360 px phone. */
export const BrandedPhone: Story = {
  globals: { viewport: { value: "phone" } },
  args: { state: ready({}, BRANDED_PRODUCT) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(BRANDED_PRODUCT.merchant.displayName)).toBeVisible();
  },
};
