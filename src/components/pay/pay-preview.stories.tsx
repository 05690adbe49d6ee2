import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { PayPreview } from "./pay-preview";
import { BRANDED_PRODUCT, CART_EDITABLE_PRODUCT, CART_PRODUCT, DONATION_PRODUCT, EVM_ONLY_PRODUCT, INVOICE_PRODUCT, MULTI_CHAIN_PRODUCT, PAID_PRODUCT, REQUEST_PRODUCT, SOLANA_ONLY_PRODUCT, USD_PRODUCT } from "./testing/fake-pay";

/** The pay page as the payments origin serves it, before any JavaScript: summary and the chain family to pick. */
const meta = {
  title: "Pay/PayPreview",
  component: PayPreview,
  parameters: { layout: "fullscreen" },
  args: { productId: USD_PRODUCT.id, product: USD_PRODUCT },
} satisfies Meta<typeof PayPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Served: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole("heading", { name: USD_PRODUCT.label })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay with Solana" })).toHaveAttribute("data-pay-family", "solana");
  },
};

export const Branded: Story = { args: { productId: BRANDED_PRODUCT.id, product: BRANDED_PRODUCT } };

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Payer avec Solana" })).toBeVisible();
  },
};

/** An unknown or disabled link. */
export const NotFound: Story = { args: { productId: "unknown-id", product: null } };

/** A zRequest: whom it is for, and the merchant's message. */
export const RequestForName: Story = {
  args: { productId: REQUEST_PRODUCT.id, product: REQUEST_PRODUCT },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText("Payment request for Ada Lovelace")).toBeVisible();
    await expect(page.getByText(/here is the request for the two-day workshop/)).toBeVisible();
  },
};

/** An invoice: its number, due date and a link to its page. */
export const Invoice: Story = {
  args: { productId: INVOICE_PRODUCT.id, product: INVOICE_PRODUCT },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText("Invoice INV-2026-0042")).toBeVisible();
    await expect(page.getByText("Due 2026/12/15")).toBeVisible();
    await expect(page.getByRole("link", { name: /View invoice/ })).toHaveAttribute("href", INVOICE_PRODUCT.invoice!.url);
  },
};

/** A zCart: its lines with unit price × quantity and amount, and the total. */
export const Cart: Story = {
  args: { productId: CART_PRODUCT.id, product: CART_PRODUCT },
  play: async ({ canvasElement }) => {
    const lines = within(within(canvasElement).getByRole("list", { name: "Your order" })).getAllByRole("listitem");
    await expect(lines.map((l) => l.textContent)).toEqual(["Ceramic mug12.5 USDC × 225 USDC", "Green tea, 100 g4.5 USDC × 14.5 USDC"]);
    await expect(within(canvasElement).getByText("Total").nextElementSibling).toHaveTextContent("29.5 USDC");
  },
};

/** A zCart whose quantities the payer may change: before JavaScript, the default quantities show (the steppers come with the page's code). */
export const CartEditable: Story = {
  args: { productId: CART_EDITABLE_PRODUCT.id, product: CART_EDITABLE_PRODUCT },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("12.5 USDC × 2")).toBeVisible();
    await expect(within(canvasElement).queryByRole("button", { name: /Increase quantity/ })).toBeNull();
  },
};

/** A donation page: suggested amounts, another amount, the donor's optional name and message — plain fields before JavaScript. */
export const Donation: Story = {
  args: { productId: DONATION_PRODUCT.id, product: DONATION_PRODUCT },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const amounts = page.getByRole("group", { name: "Choose an amount" });
    await expect(within(amounts).getAllByRole("radio").map((r) => (r as HTMLInputElement).value)).toEqual(["5", "10", "25"]);
    await expect(page.getByLabelText("Other amount")).toHaveAttribute("name", "donation-other");
    await expect(page.getByLabelText(/Your name/)).toHaveAttribute("maxlength", "200");
    await expect(page.getByLabelText(/Message for the merchant/)).toHaveAttribute("maxlength", "1000");
  },
};

/** Already paid: said so, and no way to pay again. */
export const AlreadyPaid: Story = {
  args: { productId: PAID_PRODUCT.id, product: PAID_PRODUCT },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("This has already been paid.");
    await expect(within(canvasElement).queryByRole("button", { name: /Pay with/ })).toBeNull();
  },
};

export const RequestForNameFrench: Story = {
  args: RequestForName.args,
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Demande de paiement pour Ada Lovelace")).toBeVisible();
  },
};

export const InvoiceFrench: Story = {
  args: Invoice.args,
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Échéance 2026/12/15")).toBeVisible();
    await expect(within(canvasElement).getByRole("link", { name: /Voir la facture/ })).toBeVisible();
  },
};

export const CartFrench: Story = { args: Cart.args, globals: { locale: "fr" } };
export const DonationFrench: Story = {
  args: Donation.args,
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText("Autre montant")).toBeVisible();
  },
};
export const AlreadyPaidFrench: Story = {
  args: AlreadyPaid.args,
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Ceci a déjà été payé.");
  },
};

const fitsPhone = async () => expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
export const RequestForNamePhone: Story = { args: RequestForName.args, globals: { viewport: { value: "phone" } }, play: fitsPhone };
export const InvoicePhone: Story = { args: Invoice.args, globals: { viewport: { value: "phone" } }, play: fitsPhone };
export const CartPhone: Story = { args: Cart.args, globals: { viewport: { value: "phone" } }, play: fitsPhone };
export const DonationPhone: Story = { args: Donation.args, globals: { viewport: { value: "phone" } }, play: fitsPhone };
export const AlreadyPaidPhone: Story = { args: AlreadyPaid.args, globals: { viewport: { value: "phone" } }, play: fitsPhone };

/** The family buttons follow what the merchant receives on (issue 26): each button names one, and only those. */
const familyButtons = (canvasElement: HTMLElement, pattern: RegExp) => within(canvasElement).getAllByRole("button", { name: pattern }).map((b) => b.getAttribute("data-pay-family"));
const phone = { viewport: { value: "phone" } };

/** A merchant who receives on Solana only: one button, Solana's. */
export const SolanaOnlyMerchant: Story = {
  args: { productId: SOLANA_ONLY_PRODUCT.id, product: SOLANA_ONLY_PRODUCT },
  play: async ({ canvasElement }) => {
    await expect(familyButtons(canvasElement, /Pay with/)).toEqual(["solana"]);
  },
};
export const SolanaOnlyMerchantFrench: Story = {
  args: SolanaOnlyMerchant.args,
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(familyButtons(canvasElement, /Payer avec/)).toEqual(["solana"]);
  },
};
export const SolanaOnlyMerchantPhone: Story = { ...SolanaOnlyMerchant, globals: phone };
export const SolanaOnlyMerchantPhoneFrench: Story = { ...SolanaOnlyMerchantFrench, globals: { ...phone, locale: "fr" } };

/** A merchant whose only wallet is an EVM address: one button, EVM's. */
export const EvmOnlyMerchant: Story = {
  args: { productId: EVM_ONLY_PRODUCT.id, product: EVM_ONLY_PRODUCT },
  play: async ({ canvasElement }) => {
    await expect(familyButtons(canvasElement, /Pay with/)).toEqual(["evm"]);
  },
};
export const EvmOnlyMerchantFrench: Story = {
  args: EvmOnlyMerchant.args,
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(familyButtons(canvasElement, /Payer avec/)).toEqual(["evm"]);
  },
};
export const EvmOnlyMerchantPhone: Story = { ...EvmOnlyMerchant, globals: phone };
export const EvmOnlyMerchantPhoneFrench: Story = { ...EvmOnlyMerchantFrench, globals: { ...phone, locale: "fr" } };

/** A merchant who receives in both families: both buttons, Solana first. */
export const BothFamiliesMerchant: Story = {
  args: { productId: MULTI_CHAIN_PRODUCT.id, product: MULTI_CHAIN_PRODUCT },
  play: async ({ canvasElement }) => {
    await expect(familyButtons(canvasElement, /Pay with/)).toEqual(["solana", "evm"]);
  },
};
export const BothFamiliesMerchantFrench: Story = {
  args: BothFamiliesMerchant.args,
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(familyButtons(canvasElement, /Payer avec/)).toEqual(["solana", "evm"]);
  },
};
export const BothFamiliesMerchantPhone: Story = { ...BothFamiliesMerchant, globals: phone };
export const BothFamiliesMerchantPhoneFrench: Story = { ...BothFamiliesMerchantFrench, globals: { ...phone, locale: "fr" } };
