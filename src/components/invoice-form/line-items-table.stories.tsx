import type { Meta, StoryObj } from "@storybook/react-vite";
import { useForm } from "react-hook-form";
import { expect, userEvent, within } from "storybook/test";
import { Form } from "@/components/ui/form-field";
import type { Inclusion } from "@/lib/invoice";
import { invoiceFormDefaults, type InvoiceFormValues } from "@/lib/invoice-form";
import { sampleInvoices } from "@/testing/msw/invoice-fixtures";
import { LineItemsTable } from "./line-items-table";

/** The table lives inside the invoice form; this one holds `lines`. */
function InForm({ lines, ...props }: React.ComponentProps<typeof LineItemsTable> & { lines: Inclusion[] }) {
  const form = useForm<InvoiceFormValues>({ defaultValues: { ...invoiceFormDefaults(new Date(2026, 10, 5), props.layout), invoiceInclusions: lines } });
  return (
    <Form {...form}>
      <LineItemsTable {...props} />
    </Form>
  );
}

const meta = {
  title: "Invoice form/LineItemsTable",
  component: InForm,
  parameters: { layout: "padded" },
  args: { layout: "DEFAULT", currency: "USD", lines: sampleInvoices[0].invoiceInclusions },
} satisfies Meta<typeof InForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two DEFAULT lines: each line's amount with tax, and the totals, from invoice-math. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByTestId("invoice-line")).toHaveLength(2);
    await expect(c.getByRole("status", { name: "Amount, line 1" })).toHaveTextContent("1,320.00 USD");
    await expect(c.getByTestId("invoice-total")).toHaveTextContent("1,366.50 USD");
    await userEvent.click(c.getByRole("button", { name: "Remove line 2" }));
    await expect(c.getByTestId("invoice-total")).toHaveTextContent("1,320.00 USD");
    await expect(c.getByRole("button", { name: "Remove line 1" })).toBeDisabled();
  },
};

/** LEGAL: particulars, quantity, professional fees, official fees, vat (an amount per unit). */
export const Legal: Story = {
  args: { layout: "LEGAL", currency: "EUR", lines: sampleInvoices[3].invoiceInclusions },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("textbox", { name: "Particulars, line 1" })).toHaveValue("Trademark filing");
    await expect(c.getByTestId("invoice-total")).toHaveTextContent("1,080.50 EUR");
    await userEvent.click(c.getByRole("button", { name: "Add line" }));
    await expect(c.getAllByTestId("invoice-line")).toHaveLength(2);
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId("invoice-total")).toHaveTextContent(/1\s366,50 USD/);
  },
};

/** On a phone each line is a card; nothing scrolls sideways. */
export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async () => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
