import * as React from "react";
import { useForm, useWatch } from "react-hook-form";
import { yupResolver } from "@hookform/resolvers/yup";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Form } from "@/components/ui/form-field";
import { invoiceToFormValues } from "@/lib/bills-display";
import { invoiceFormDefaults, invoiceSchema, type InvoiceFormValues } from "@/lib/invoice-form";
import { merchantApi } from "@/stores/merchant-api";
import { sampleCustomers, sampleInvoices } from "@/testing/msw/invoice-fixtures";
import { InvoiceHeaderFields, NotesField, type InvoiceHeaderFieldsProps } from "./invoice-header-fields";
import { useInvoiceMessages } from "./use-invoice-messages";

/** The header fields inside an invoice form validated by the shared schema, as the dialog holds them. */
function InForm({ initial, touched, ...props }: InvoiceHeaderFieldsProps & { initial?: InvoiceFormValues; touched?: boolean }) {
  const messages = useInvoiceMessages();
  const schema = React.useMemo(() => invoiceSchema({ messages, requireLabel: props.withLabel, currencies: props.currencies }), [messages, props.withLabel, props.currencies]);
  const form = useForm<InvoiceFormValues>({
    resolver: yupResolver(schema) as never,
    mode: "all",
    defaultValues: { ...(initial ?? invoiceFormDefaults(new Date(2026, 10, 5))), invoiceFrom: initial?.invoiceFrom ?? { title: "", subtext: "" } },
  });
  React.useEffect(() => {
    if (touched) void form.trigger();
  }, [form, touched]);
  const [layout, currency] = useWatch({ control: form.control, name: ["layout", "currency"] });
  return (
    <Form {...form}>
      <form noValidate className="grid gap-4">
        <InvoiceHeaderFields
          {...props}
          onLayoutChange={(l) => (form.setValue("layout", l), props.onLayoutChange(l))}
          onCurrencyChange={(c) => (form.setValue("currency", c), props.onCurrencyChange(c))}
        />
        <NotesField />
        <output className="sr-only">{`${layout} ${currency}`}</output>
      </form>
    </Form>
  );
}

const meta = {
  title: "Invoice form/InvoiceHeaderFields",
  component: InvoiceHeaderFields,
  parameters: { layout: "padded", merchantSession: true, serverData: { invoices: { customers: sampleCustomers } } },
  args: { api: merchantApi, withLabel: true, currencies: ["USD", "EUR", "GBP"], onLayoutChange: fn(), onCurrencyChange: fn() },
  render: (args) => <InForm {...args} />,
} satisfies Meta<typeof InvoiceHeaderFields>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A new zInvoice: Pay Now, today and a week later, no payee yet. */
export const NewZInvoice: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("textbox", { name: "Button label" })).toHaveValue("Pay Now");
    await expect(c.getByLabelText("Issued on")).toHaveValue("2026-11-05");
    await expect(c.getByLabelText("Payment due on")).toHaveValue("2026-11-12");
    await expect(c.getByRole("button", { name: "Choose payee" })).toBeVisible();
  },
};

/** A v1 invoice (no button label) being edited: its number, dates and chosen payee. */
export const EditingInvoice: Story = {
  args: { withLabel: false, initialPayee: sampleCustomers[0] },
  render: (args) => <InForm {...args} initial={invoiceToFormValues(sampleInvoices[0])} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole("textbox", { name: "Button label" })).toBeNull();
    await expect(c.getByTestId("chosen-payee")).toHaveTextContent(sampleCustomers[0].name);
  },
};

/** Everything emptied: each field's message. */
export const Invalid: Story = {
  render: (args) => <InForm {...args} touched initial={{ ...invoiceFormDefaults(new Date(2026, 10, 5)), label: "", issuedOn: "", paymentDueOn: "" }} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("textbox", { name: "Button label" }));
    await userEvent.tab();
    await expect(await c.findByText("Please add button label")).toBeVisible();
  },
};

export const French: Story = { globals: { locale: "fr" } };

export const Phone: Story = { globals: { viewport: { value: "phone" } } };
