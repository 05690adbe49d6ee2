import { useMemo, useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ApiRequestError } from "@/lib/api-client";
import { parseBaseUnits } from "@/lib/money";
import { cartTotal } from "@/lib/pay-cart";
import type { PayableProduct, StartPaymentRequest } from "@/lib/pay-api";
import { memoryPaymentStores } from "@/stores/testing/payment-stores";
import type { PayApi } from "./pay-api-client";
import { PayFlowView } from "./pay-flow-view";
import {
  CART_EDITABLE_PRODUCT,
  CART_PRODUCT,
  DONATION_PRODUCT,
  INVOICE_PRODUCT,
  PAID_PRODUCT,
  PAYER_ADDRESS,
  REQUEST_PRODUCT,
  fakePayApi,
  fakeSender,
} from "./testing/fake-pay";

interface ProductStoryProps {
  product: PayableProduct;
  /** Receives each start request the page sends. */
  onStart?: (req: StartPaymentRequest) => void;
  api?: Partial<PayApi>;
}

/** The live pay page (the real flow controller) for one product type, with a connected wallet and a fake PayApi. */
function ProductStory({ product, onStart, api }: ProductStoryProps) {
  const [stores] = useState(() => memoryPaymentStores({}));
  const [payApi] = useState(() => {
    const base = fakePayApi(product, api);
    // Like the server: the amount requested is the donation chosen or the cart's total for the quantities sent.
    const start = async (id: string, req: StartPaymentRequest) => {
      onStart?.(req);
      const info = await base.start(id, req);
      const amount = req.amount ?? (product.cart ? cartTotal(product.cart.lines, req.quantities) : info.amount);
      return { ...info, amount, amountWei: parseBaseUnits(amount, info.decimals).toString() };
    };
    return { ...base, start };
  });
  const sender = useMemo(() => fakeSender({ hangBeforeSend: true }), []);
  return (
    <PayFlowView
      productId={product.id}
      api={payApi}
      stores={stores}
      product={product}
      wallet={{ wallets: [], address: PAYER_ADDRESS, connecting: false, connect: fn(), disconnect: fn() }}
      sender={sender}
      pollMs={300}
    />
  );
}

const meta = {
  title: "Pay/PayPageProducts",
  component: ProductStory,
  parameters: { layout: "fullscreen", toastBar: true },
  args: { product: REQUEST_PRODUCT, onStart: fn() },
} satisfies Meta<typeof ProductStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const payButton = (c: ReturnType<typeof within>) => c.findByRole("button", { name: /^Pay / });

/** A zRequest: "Payment request for …" and the merchant's message, then the usual payment. */
export const RequestForName: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("Payment request for Ada Lovelace")).toBeVisible();
    await expect(c.getByText(/two-day workshop/)).toBeVisible();
  },
};

/** An invoice: number, due date, and its page. */
export const Invoice: Story = {
  args: { product: INVOICE_PRODUCT },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("Invoice INV-2026-0042")).toBeVisible();
    await expect(c.getByText("Due 2026/12/15")).toBeVisible();
    await expect(c.getByRole("link", { name: /View invoice/ })).toHaveAttribute("href", INVOICE_PRODUCT.invoice!.url);
  },
};

/** A zCart with fixed quantities: lines and total, no steppers; the start sends no quantities. */
export const Cart: Story = {
  args: { product: CART_PRODUCT },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("12.5 USDC × 2")).toBeVisible();
    await expect(c.queryByRole("button", { name: /Increase quantity/ })).toBeNull();
    await waitFor(() => expect(c.getByRole("button", { name: "Pay 29.5 USDC" })).toBeEnabled());
    await userEvent.click(c.getByRole("button", { name: "Pay 29.5 USDC" }));
    await waitFor(() => expect(args.onStart).toHaveBeenCalledWith(expect.not.objectContaining({ quantities: expect.anything() })));
  },
};

/** The payer changes the quantities: the line amounts and total follow, and the quantities go with the start. */
export const CartEditable: Story = {
  args: { product: CART_EDITABLE_PRODUCT },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Increase quantity of Ceramic mug" }));
    await expect(c.getByRole("spinbutton", { name: "Quantity of Ceramic mug" })).toHaveValue(3);
    await userEvent.click(c.getByRole("button", { name: "Decrease quantity of Green tea, 100 g" }));
    await expect(c.getByRole("button", { name: "Decrease quantity of Green tea, 100 g" })).toBeDisabled();
    await expect(c.getByText("Total").nextElementSibling).toHaveTextContent("37.5 USDC");
    const pay = c.getByRole("button", { name: "Pay 37.5 USDC" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await waitFor(() => expect(args.onStart).toHaveBeenCalledWith(expect.objectContaining({ quantities: { mug: 3, tea: 0 } })));
  },
};

/** Every line at 0: the page asks for at least one item and Pay waits. */
export const CartEmpty: Story = {
  args: { product: CART_EDITABLE_PRODUCT },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const mug = await c.findByRole("spinbutton", { name: "Quantity of Ceramic mug" });
    await userEvent.clear(mug);
    await userEvent.type(mug, "0");
    await userEvent.click(c.getByRole("button", { name: "Decrease quantity of Green tea, 100 g" }));
    await expect(c.getByRole("alert")).toHaveTextContent("Choose at least one item.");
    await expect(await payButton(c)).toBeDisabled();
  },
};

/** A donation: Pay waits for an amount; a suggested one, a name and a message go with the start. */
export const Donation: Story = {
  args: { product: DONATION_PRODUCT },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(await payButton(c)).toBeDisabled();
    await expect(c.getByText("Choose an amount to donate.")).toBeVisible();
    await userEvent.click(c.getByRole("radio", { name: "10 USDC" }));
    await expect(c.getByRole("radio", { name: "10 USDC" })).toBeChecked();
    await userEvent.type(c.getByLabelText(/Your name/), "Grace");
    await userEvent.type(c.getByLabelText(/Message for the merchant/), "For the seeds");
    const pay = c.getByRole("button", { name: "Pay 10 USDC" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await waitFor(() => expect(args.onStart).toHaveBeenCalledWith(expect.objectContaining({ amount: "10", donor: { name: "Grace", message: "For the seeds" } })));
  },
};

/** Another amount below the minimum: the message under the field, and Pay waits. */
export const DonationOtherAmountTooSmall: Story = {
  args: { product: DONATION_PRODUCT },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const other = await c.findByLabelText("Other amount");
    await userEvent.type(other, "0.05");
    await expect(c.getByText("Amount must be at least 0.1")).toBeVisible();
    await expect(other).toHaveAttribute("aria-invalid", "true");
    await expect(other).toHaveAccessibleDescription("Amount must be at least 0.1");
    await expect(await payButton(c)).toBeDisabled();
  },
};

/** Another amount at or above the minimum: no message, Pay shows that amount. */
export const DonationOtherAmount: Story = {
  args: { product: DONATION_PRODUCT },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText("Other amount"), "12.5");
    await expect(c.queryByText("Amount must be at least 0.1")).toBeNull();
    await expect(c.getByText("Your donation").nextElementSibling).toHaveTextContent("12.5 USDC");
    await waitFor(() => expect(c.getByRole("button", { name: "Pay 12.5 USDC" })).toBeEnabled());
  },
};

/** Already paid: the page says so and offers no wallet or payment. */
export const AlreadyPaid: Story = {
  args: { product: PAID_PRODUCT },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("This has already been paid.")).toBeVisible();
    await expect(c.queryByRole("button", { name: /^Pay / })).toBeNull();
  },
};

/** Paid meanwhile: the start answers 409 already_paid and the page turns to "already paid". */
export const AlreadyPaidOnStart: Story = {
  args: { api: { start: () => Promise.reject(new ApiRequestError(409, "This has already been paid.", "already_paid")) } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const pay = await payButton(c);
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await expect(await c.findByText("This has already been paid.")).toBeVisible();
    await expect(c.queryByRole("button", { name: /^Pay / })).toBeNull();
  },
};

/** A payment on its way: the server's message (409 payment_in_progress) is shown. */
export const PaymentInProgress: Story = {
  args: {
    api: { start: () => Promise.reject(new ApiRequestError(409, "A payment for this is already on its way. Please wait for it to complete.", "payment_in_progress")) },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const pay = await payButton(c);
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await expect(await c.findByText(/A payment for this is already on its way/, { selector: "p[role=alert] span" })).toBeVisible();
  },
};

export const CartEditableFrench: Story = {
  args: { product: CART_EDITABLE_PRODUCT },
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("button", { name: "Augmenter la quantité de Ceramic mug" })).toBeVisible();
  },
};

export const DonationOtherAmountTooSmallFrench: Story = {
  args: { product: DONATION_PRODUCT },
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText("Autre montant"), "0.05");
    await expect(c.getByText("Le montant doit être d’au moins 0.1")).toBeVisible();
  },
};

export const AlreadyPaidFrench: Story = {
  args: { product: PAID_PRODUCT },
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Ceci a déjà été payé.")).toBeVisible();
  },
};

const fitsPhone = async () => expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
export const CartEditablePhone: Story = {
  args: { product: CART_EDITABLE_PRODUCT },
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("button", { name: "Increase quantity of Ceramic mug" });
    await fitsPhone();
  },
};
export const DonationPhone: Story = {
  args: { product: DONATION_PRODUCT },
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByLabelText("Other amount");
    await fitsPhone();
  },
};
