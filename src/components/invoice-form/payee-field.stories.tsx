import { useForm } from "react-hook-form";
import { yupResolver } from "@hookform/resolvers/yup";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Form } from "@/components/ui/form-field";
import { invoiceFormDefaults, invoiceSchema, type InvoiceFormValues } from "@/lib/invoice-form";
import { merchantApi } from "@/stores/merchant-api";
import { sampleCustomers } from "@/testing/msw/invoice-fixtures";
import { PayeeField, type ChosenPayee } from "./payee-field";

const schema = invoiceSchema({ requireLabel: true, currencies: ["USD"] });

/** The field inside an invoice form (the payee is its `client`). */
function InForm({ initial, ...props }: React.ComponentProps<typeof PayeeField> & { initial?: ChosenPayee | null }) {
  const form = useForm<InvoiceFormValues>({ resolver: yupResolver(schema) as never, mode: "all", defaultValues: { ...invoiceFormDefaults(new Date(2026, 10, 5)), client: initial?._id ?? "" } });
  return (
    <Form {...form}>
      <form noValidate className="max-w-md">
        <PayeeField {...props} initial={initial} />
      </form>
    </Form>
  );
}

const meta = {
  title: "Invoice form/PayeeField",
  component: PayeeField,
  parameters: { layout: "padded", merchantSession: true, serverData: { invoices: { customers: sampleCustomers } } },
  args: { api: merchantApi },
  render: (args) => <InForm {...args} />,
} satisfies Meta<typeof PayeeField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No payee yet: Choose payee opens Payee Information; picking one there shows its name and e-mail. */
export const PickingAPayee: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId("chosen-payee")).not.toHaveTextContent(sampleCustomers[0].name);
    await userEvent.click(c.getByRole("button", { name: "Choose payee" }));
    const dialog = await within(document.body).findByRole("dialog", { name: "Payee Information" });
    await userEvent.click(await within(dialog).findByRole("button", { name: `Select ${sampleCustomers[0].name}` }));
    await waitFor(() => expect(c.getByTestId("chosen-payee")).toHaveTextContent(sampleCustomers[0].email));
  },
};

/** A payee chosen: name, e-mail, and Change payee. */
export const Chosen: Story = {
  render: (args) => <InForm {...args} initial={sampleCustomers[0]} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Change payee" })).toBeVisible();
  },
};

/** Left empty: 'Required' under the field. */
export const Required: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Choose payee" }));
    await userEvent.keyboard("{Escape}");
    await expect(await c.findByText("Required")).toBeVisible();
  },
};

export const ChosenFrenchPhone: Story = { ...Chosen, play: undefined, globals: { locale: "fr", viewport: { value: "phone" } } };
