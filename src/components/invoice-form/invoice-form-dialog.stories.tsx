import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { invoiceToFormValues } from "@/lib/bills-display";
import { merchantApi } from "@/stores/merchant-api";
import { sampleCustomers, sampleInvoices } from "@/testing/msw/invoice-fixtures";
import { InvoiceFormDialog } from "./invoice-form-dialog";

const meta = {
  title: "Invoice form/InvoiceFormDialog",
  component: InvoiceFormDialog,
  parameters: { merchantSession: true, toastBar: true, serverData: { invoices: { customers: sampleCustomers } } },
  args: {
    api: merchantApi,
    open: true,
    onOpenChange: fn(),
    kind: "bill",
    mode: "create",
    currencies: ["USD", "EUR", "GBP"],
    today: new Date(2026, 10, 5),
    onSubmit: fn(async () => {}),
  },
} satisfies Meta<typeof InvoiceFormDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (name = "Create zInvoice") => within(document.body).getByRole("dialog", { name });
const box = (name: string, d = dialog()) => within(d).getByRole("textbox", { name });
const body = () => within(document.body);

/** A new zInvoice: label 'Pay Now' with its hint, issued today, due a week later, one empty line; Create waits. */
export const Create: Story = {
  play: async () => {
    await expect(box("Button label")).toHaveValue("Pay Now");
    await expect(box("Button label")).toHaveAccessibleDescription("Defaults to Pay Now.");
    await expect(within(dialog()).getByLabelText("Issued on")).toHaveValue("2026-11-05");
    await expect(within(dialog()).getByLabelText("Payment due on")).toHaveValue("2026-11-12");
    await expect(within(dialog()).getAllByTestId("invoice-line")).toHaveLength(1);
    await expect(within(dialog()).getByRole("button", { name: "Remove line 1" })).toBeDisabled();
    await waitFor(() => expect(within(dialog()).getByRole("button", { name: "Create" })).toBeDisabled());
    await expect(within(dialog()).queryByRole("button", { name: "Disable" })).toBeNull();
  },
};

/** Every SPEC §5 message the merchant meets; Create stays disabled. */
export const CreateWithMessages: Story = {
  play: async ({ args }) => {
    await userEvent.clear(box("Button label"));
    await expect(await within(dialog()).findByText("Please add button label")).toBeVisible();
    await userEvent.click(box("Description, line 1"));
    await userEvent.tab();
    await expect(await within(dialog()).findByText("Description is required")).toBeVisible();
    await userEvent.clear(box("Quantity, line 1"));
    await expect(await within(dialog()).findByText("Quantity is required")).toBeVisible();
    await userEvent.type(box("Quantity, line 1"), "-2");
    await expect(await within(dialog()).findByText("Cannot be negative number")).toBeVisible();
    await userEvent.type(box("Unit price, line 1"), "abc");
    await expect(await within(dialog()).findByText("Invalid Input for non-numbers")).toBeVisible();
    await userEvent.clear(box("Tax %, line 1"));
    await expect(await within(dialog()).findByText("Tax percent is required")).toBeVisible();
    await userEvent.click(within(dialog()).getByRole("button", { name: "Choose payee" }));
    await userEvent.keyboard("{Escape}");
    await expect(await within(dialog()).findByText("Required")).toBeVisible();
    await expect(within(dialog()).getByRole("button", { name: "Create" })).toBeDisabled();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Filled: two lines, live totals in the chosen currency (EUR), Create sends the values. */
export const Filled: Story = {
  play: async ({ args }) => {
    await userEvent.click(within(dialog()).getByRole("button", { name: "Choose payee" }));
    await userEvent.click(await body().findByRole("button", { name: "Select Blaise Pascal" }));
    await userEvent.click(within(dialog()).getByRole("combobox", { name: "Invoice currency" }));
    await userEvent.click(await body().findByRole("option", { name: "EUR — Euro" }));
    await userEvent.type(box("Description, line 1"), "Consulting");
    await userEvent.clear(box("Quantity, line 1"));
    await userEvent.type(box("Quantity, line 1"), "3");
    await userEvent.type(box("Unit price, line 1"), "120");
    await userEvent.clear(box("Tax %, line 1"));
    await userEvent.type(box("Tax %, line 1"), "20");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Add line" }));
    await userEvent.type(box("Description, line 2"), "Travel");
    await userEvent.type(box("Unit price, line 2"), "45.5");
    await expect(within(dialog()).getByTestId("invoice-total")).toHaveTextContent("477.50 EUR");
    const create = within(dialog()).getByRole("button", { name: "Create" });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({
          client: "c2",
          currency: "EUR",
          invoiceFrom: null,
          invoiceInclusions: [
            { description: "Consulting", quantity: "3", unitPrice: { currency: "EUR", value: "120" }, taxPercent: "20" },
            { description: "Travel", quantity: "1", unitPrice: { currency: "EUR", value: "45.5" }, taxPercent: "0" },
          ],
        }),
      ),
    );
  },
};

/** The LEGAL layout: particulars, quantity, professional fees, official fees, vat, and its messages. */
export const Legal: Story = {
  args: { kind: "invoice" },
  play: async () => {
    const d = dialog("Create Invoice");
    await expect(within(d).queryByRole("textbox", { name: "Button label" })).toBeNull();
    await userEvent.click(within(d).getByRole("combobox", { name: "Layout" }));
    await userEvent.click(await body().findByRole("option", { name: "Legal" }));
    await userEvent.click(box("Particulars, line 1", d));
    await userEvent.tab();
    await expect(await within(d).findByText("Particulars are required")).toBeVisible();
    await userEvent.type(box("Particulars, line 1", d), "Patent search");
    await userEvent.type(box("Professional fees, line 1", d), "300");
    await userEvent.type(box("Official fees, line 1", d), "50");
    await userEvent.type(box("VAT, line 1", d), "30");
    await expect(within(d).getByTestId("invoice-total")).toHaveTextContent("380.00 USD");
  },
};

/** Update: the saved zInvoice, its payee shown; Update and Disable. */
export const Update: Story = {
  args: { mode: "update", initial: invoiceToFormValues(sampleInvoices[0]), initialPayee: sampleCustomers[0], onDisable: fn(async () => {}) },
  play: async () => {
    const d = dialog("Update zInvoice");
    await expect(within(d).getByTestId("chosen-payee")).toHaveTextContent("Ada Lovelace");
    await expect(within(d).getAllByTestId("invoice-line")).toHaveLength(2);
    await expect(within(d).getByTestId("invoice-total")).toHaveTextContent("1,366.50 USD");
    await expect(within(d).getByRole("button", { name: "Update" })).toBeVisible();
  },
};

/** Disable asks first: 'Please note' and the warning; nothing is disabled until confirmed. */
export const DisableConfirmation: Story = {
  args: Update.args,
  play: async ({ args }) => {
    await userEvent.click(within(dialog("Update zInvoice")).getByRole("button", { name: "Disable" }));
    const confirm = await body().findByRole("alertdialog", { name: "Please note" });
    await expect(confirm).toHaveTextContent("Any shared or existing zInvoice links will stop working.");
    await expect(within(confirm).getByRole("button", { name: "Disable" })).toBeVisible();
    await expect(args.onDisable).not.toHaveBeenCalled();
  },
};

/** Confirming calls onDisable. */
export const DisableConfirmed: Story = {
  args: Update.args,
  play: async ({ args }) => {
    await userEvent.click(within(dialog("Update zInvoice")).getByRole("button", { name: "Disable" }));
    await userEvent.click(within(await body().findByRole("alertdialog", { name: "Please note" })).getByRole("button", { name: "Disable" }));
    await waitFor(() => expect(args.onDisable).toHaveBeenCalledOnce());
  },
};

/** A save the server refuses: 'Bill not saved. Please try again later.' and the dialog stays. */
export const SaveFails: Story = {
  args: { ...Update.args, onSubmit: fn(async () => Promise.reject(new globalThis.Error("boom"))) },
  play: async () => {
    const d = dialog("Update zInvoice");
    await userEvent.type(box("Notes", d), " See you soon.");
    await userEvent.click(within(d).getByRole("button", { name: "Update" }));
    await expect(await body().findByText("Bill not saved. Please try again later.")).toBeVisible();
    await expect(dialog("Update zInvoice")).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async () => {
    const d = dialog("Créer une zInvoice");
    await userEvent.clear(within(d).getByRole("textbox", { name: "Libellé du bouton" }));
    await expect(await within(d).findByText("Veuillez ajouter le libellé du bouton")).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  args: Update.args,
  play: async () => {
    const d = dialog("Update zInvoice");
    await expect(d.scrollWidth).toBeLessThanOrEqual(d.clientWidth);
  },
};
