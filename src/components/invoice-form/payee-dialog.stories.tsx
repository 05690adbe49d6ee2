import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { invoiceStore } from "@/testing/msw/invoice-handlers";
import { sampleCustomers } from "@/testing/msw/invoice-fixtures";
import { PayeeDialog } from "./payee-dialog";

const meta = {
  title: "Invoice form/PayeeDialog",
  component: PayeeDialog,
  parameters: { merchantSession: true, toastBar: true, serverData: { invoices: { customers: sampleCustomers } } },
  args: { api: merchantApi, open: true, onOpenChange: fn(), onSelect: fn() },
} satisfies Meta<typeof PayeeDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const dialog = (name = "Payee Information") => body().getByRole("dialog", { name });

export const Empty: Story = {
  parameters: { serverData: { invoices: { bills: [], customers: [] } } },
  play: async () => {
    await expect(await within(dialog()).findByText("No payees yet — add one.")).toBeVisible();
    await expect(within(dialog()).getByRole("button", { name: "Add Payee" })).toBeVisible();
  },
};

/** The payees with Select, Edit, Delete; Select closes and returns the customer. */
export const WithPayees: Story = {
  args: { selectedId: "c2" },
  play: async ({ args }) => {
    const list = await within(dialog()).findByRole("list", { name: "Payee Information" });
    await expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    await userEvent.click(within(list).getByRole("button", { name: "Select Ada Lovelace" }));
    await expect(args.onSelect).toHaveBeenCalledWith(sampleCustomers[0]);
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** Add Payee: 'Required' and 'Invalid Email Address'; Save off until valid; the new payee is listed. */
export const Create: Story = {
  play: async () => {
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Add Payee" }));
    const d = dialog("Add Payee");
    const save = within(d).getByRole("button", { name: "Save" });
    await userEvent.click(within(d).getByRole("textbox", { name: "Name" }));
    await userEvent.tab();
    await expect(await within(d).findByText("Required")).toBeVisible();
    await userEvent.type(within(d).getByRole("textbox", { name: "Email" }), "not-an-email");
    await expect(await within(d).findByText("Invalid Email Address")).toBeVisible();
    await expect(save).toBeDisabled();
    await userEvent.type(within(d).getByRole("textbox", { name: "Name" }), "Grace Hopper");
    await userEvent.clear(within(d).getByRole("textbox", { name: "Email" }));
    await userEvent.type(within(d).getByRole("textbox", { name: "Email" }), "grace@navy.example");
    await userEvent.type(within(d).getByRole("textbox", { name: "Address line 1" }), "1 Harbor Rd");
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expect(await body().findByRole("button", { name: "Select Grace Hopper" })).toBeVisible();
    await expect(invoiceStore.customers[0]).toMatchObject({ name: "Grace Hopper", address: ["1 Harbor Rd", ""] });
  },
};

/** Edit: Update stays off until a field changes. */
export const Edit: Story = {
  play: async () => {
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Edit Ada Lovelace" }));
    const d = dialog("Edit Payee");
    await expect(within(d).getByRole("textbox", { name: "Name" })).toHaveValue("Ada Lovelace");
    const update = within(d).getByRole("button", { name: "Update" });
    await expect(update).toBeDisabled();
    await userEvent.type(within(d).getByRole("textbox", { name: "Organisation" }), " & Co");
    await waitFor(() => expect(update).toBeEnabled());
  },
};

/** An e-mail already used by another payee: 'Customer already exists for this email address.'. */
export const CustomerExists: Story = {
  play: async () => {
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Add Payee" }));
    const d = dialog("Add Payee");
    await userEvent.type(within(d).getByRole("textbox", { name: "Name" }), "Ada again");
    await userEvent.type(within(d).getByRole("textbox", { name: "Email" }), "ada@analytical.example");
    const save = within(d).getByRole("button", { name: "Save" });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expect(await body().findByText("Customer already exists for this email address.")).toBeVisible();
    await expect(dialog("Add Payee")).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async () => {
    await expect(await within(dialog("Informations client")).findByRole("button", { name: "Choisir Ada Lovelace" })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async () => {
    await within(dialog()).findByRole("button", { name: "Select Ada Lovelace" });
    await expect(dialog().scrollWidth).toBeLessThanOrEqual(dialog().clientWidth);
  },
};
