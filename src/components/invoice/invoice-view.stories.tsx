import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { InvoiceView } from "./invoice-view";
import { STORY_NOW, sampleInvoice } from "./invoice-fixtures";

const meta = {
  title: "Invoice/InvoiceView",
  component: InvoiceView,
  args: { invoice: sampleInvoice(), mode: "pay", now: STORY_NOW },
} satisfies Meta<typeof InvoiceView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** ACTIVE in pay mode: number, dates yyyy/MM/dd, Bill From/To, lines, totals, notes, footer; Make Payment and 'Due in'. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("Invoice ZSH000042");
    await expect(c.getByRole("link", { name: "Make Payment" })).toHaveAttribute("href", "http://localhost:4322/?p=7Hq2kZr9XbNm");
    await expect(c.getByText("Due in 5 days")).toBeVisible();
    await expect(c.getAllByText("2026/12/01").length).toBeGreaterThan(0);
    await expect(c.getByTestId("invoice-total")).toHaveTextContent("1,499.97 USD");
    await expect(c.getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", "http://localhost:4322/api/pay/invoices/7Hq2kZr9XbNm/pdf");
    await expect(c.getByRole("table", { name: "Invoice lines" })).toBeVisible();
  },
};

/** The LEGAL layout: particulars, professional and official fees, VAT. */
export const Legal: Story = {
  args: { invoice: sampleInvoice({ layout: "LEGAL" }) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("columnheader", { name: "Professional fees" })).toBeVisible();
    await expect(c.getByText("Trademark application, class 9")).toBeVisible();
    await expect(c.getByTestId("invoice-total")).toHaveTextContent("971.20 USD");
  },
};

/** PAID in pay mode: a disabled Paid button, no Make Payment, no due notice. */
export const Paid: Story = {
  args: { invoice: sampleInvoice({ status: "PAID" }) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("button", { name: "Paid" })).toBeDisabled();
    await expect(c.queryByRole("link", { name: "Make Payment" })).toBeNull();
    await expect(c.queryByTestId("invoice-due")).toBeNull();
    // The footer says what was paid and asks for nothing by a date.
    await expect(c.getByText("Total paid:")).toBeVisible();
    await expect(c.queryByText(/Payment due by/)).toBeNull();
  },
};

/** CANCELLED: a disabled Cancelled button. */
export const Cancelled: Story = {
  args: { invoice: sampleInvoice({ status: "CANCELLED" }) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("button", { name: "Cancelled" })).toBeDisabled();
    await expect(c.queryByRole("link", { name: "Make Payment" })).toBeNull();
    await expect(c.queryByText("Total due:")).toBeNull();
    await expect(c.queryByText(/Payment due by/)).toBeNull();
  },
};

/** Past its due date: 'Overdue by' and the distance. */
export const Overdue: Story = {
  args: { invoice: sampleInvoice({ issuedOn: "2026-11-01", paymentDueOn: "2026-11-08" }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Overdue by 17 days")).toBeVisible();
  },
};

/** The merchant's own view: no Make Payment, still the due notice and Download PDF. */
export const MerchantView: Story = {
  args: { mode: "merchant" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole("link", { name: "Make Payment" })).toBeNull();
    await expect(c.getByText("Due in 5 days")).toBeVisible();
    await expect(c.getByRole("link", { name: "Download PDF" })).toBeVisible();
  },
};

/** A payee with no invoiceFrom: Bill From falls back to the merchant's display name. */
export const NoFromBlock: Story = {
  args: { invoice: sampleInvoice({ invoiceFrom: null, notes: "" }) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("7xKX…gAsU")).toBeVisible();
    await expect(c.queryByRole("heading", { name: "Notes" })).toBeNull();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("Facture ZSH000042");
    await expect(c.getByRole("link", { name: "Payer" })).toBeVisible();
    await expect(c.getByTestId("invoice-total")).toHaveTextContent("1 499,97 USD");
  },
};

export const FrenchLegal: Story = {
  globals: { locale: "fr" },
  args: { invoice: sampleInvoice({ layout: "LEGAL", status: "PAID" }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Total payé/)).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: "Make Payment" })).toBeVisible();
    // Every line's columns are on screen: each cell is a labelled row of the line's card.
    const lines = c.getByRole("table", { name: "Invoice lines" });
    for (const cell of within(lines).getAllByRole("cell")) {
      const box = cell.getBoundingClientRect();
      await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
};

export const PhoneLegal: Story = {
  globals: { viewport: { value: "phone" } },
  args: { invoice: sampleInvoice({ layout: "LEGAL" }) },
};

const COFFEE_LOGO =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#fef3c7"/><path d="M14 24h30v14a12 12 0 0 1-12 12h-6a12 12 0 0 1-12-12z" fill="#92400e"/><path d="M44 28h4a6 6 0 0 1 0 12h-4" fill="none" stroke="#92400e" stroke-width="4"/></svg>',
  );
const branded = (brandColor: string) =>
  sampleInvoice({
    invoiceFrom: null,
    merchant: { name: "Acme Coffee", email: "billing@acme.example", profile: { company: "Acme Coffee", city: "Lyon", taxId: "FR40303265045" }, logoUrl: COFFEE_LOGO, brandColor },
  });

/** A merchant with a profile: their logo and name on their colour (a light one: black text), Bill From from the profile. */
export const Branded: Story = {
  args: { invoice: branded("#ffeb3b") },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId("merchant-brand")).toHaveStyle({ backgroundColor: "rgb(255, 235, 59)", color: "rgb(0, 0, 0)" });
    await expect(within(c.getByTestId("merchant-brand")).getByText("Acme Coffee")).toBeVisible();
    await expect(c.getByText("FR40303265045")).toBeVisible();
    await expect(c.getByText("Lyon")).toBeVisible();
  },
};

/** A dark colour: white text. */
export const BrandedFrenchDark: Story = {
  globals: { locale: "fr" },
  args: { invoice: branded("#1e3a8a") },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId("merchant-brand")).toHaveStyle({ color: "rgb(255, 255, 255)" });
  },
};

export const BrandedPhone: Story = {
  globals: { viewport: { value: "phone" } },
  args: { invoice: branded("#1e3a8a") },
};
