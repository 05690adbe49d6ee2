import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { sampleInvoices } from "@/testing/msw/invoice-fixtures";
import { InvoiceDetailsDialog } from "./invoice-details-dialog";

const meta = {
  title: "Invoices/InvoiceDetailsDialog",
  component: InvoiceDetailsDialog,
  args: { open: true, onOpenChange: fn(), invoice: sampleInvoices[0] },
} satisfies Meta<typeof InvoiceDetailsDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole("dialog", { name: "Invoice Details" });

/** Number, payee, dates, status, the totals in the invoice currency, and the links to the page and the PDF. */
export const Default: Story = {
  play: async () => {
    await expect(dialog()).toHaveTextContent("Ada Lovelace · ada@analytical.example");
    await expect(dialog()).toHaveTextContent("2026/11/04");
    await expect(dialog()).toHaveTextContent("1,246.50 USD");
    await expect(dialog()).toHaveTextContent("120.00 USD");
    await expect(dialog()).toHaveTextContent("1,366.50 USD");
    await expect(within(dialog()).getByRole("link", { name: /View Invoice/ })).toHaveAttribute("href", sampleInvoices[0].invoiceUrl);
    await expect(within(dialog()).getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", sampleInvoices[0].pdfUrl);
  },
};

/** A LEGAL invoice in EUR, paid. */
export const PaidLegal: Story = {
  args: { invoice: { ...sampleInvoices[3], status: "PAID" } },
  play: async () => {
    await expect(within(dialog()).getByText("Paid")).toHaveAttribute("data-color", "primary");
    await expect(dialog()).toHaveTextContent("1,080.50 EUR");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async () => {
    await expect(within(document.body).getByRole("dialog", { name: "Détails de la facture" })).toHaveTextContent(/1\s366,50 USD/);
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async () => {
    await expect(dialog().scrollWidth).toBeLessThanOrEqual(dialog().clientWidth);
  },
};
