import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ApiRequestError } from "@/lib/api-client";
import { INVOICE_NOTICES } from "@/lib/invoice-form";
import { sampleCustomers } from "@/testing/msw/invoice-fixtures";
import { PayeeForm, type PayeeValues } from "./payee-form";

const { _id: _ignored, merchant: _merchant, ...ada } = sampleCustomers[0];
const existing = { organisation: "", ...ada } as PayeeValues;

const meta = {
  title: "Invoice form/PayeeForm",
  component: PayeeForm,
  parameters: { layout: "padded", toastBar: true },
  args: { onSubmit: fn(async () => {}), onBack: fn() },
} satisfies Meta<typeof PayeeForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const box = (c: ReturnType<typeof within>, name: string) => c.getByRole("textbox", { name });

/** A new payee: Save waits for a name and a valid e-mail, then sends the values. */
export const NewPayee: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const save = c.getByRole("button", { name: "Save" });
    await expect(save).toBeDisabled();
    await userEvent.type(box(c, "Name"), "Grace Hopper");
    await userEvent.type(box(c, "Email"), "grace@navy.example");
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: "Grace Hopper", email: "grace@navy.example" })));
  },
};

/** 'Required' and 'Invalid Email Address' under their fields. */
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(box(c, "Name"));
    await userEvent.tab();
    await userEvent.type(box(c, "Email"), "not-an-email");
    await userEvent.tab();
    await expect(await c.findByText("Required")).toBeVisible();
    await expect(await c.findByText("Invalid Email Address")).toBeVisible();
  },
};

/** Editing a payee: Update waits until a field changes. */
export const Editing: Story = {
  args: { initial: existing },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("button", { name: "Update" })).toBeDisabled();
    await userEvent.type(box(c, "Organisation"), " Ltd");
    await waitFor(() => expect(c.getByRole("button", { name: "Update" })).toBeEnabled());
  },
};

/** The server says the e-mail is taken: a toast, and the form stays. */
export const EmailTaken: Story = {
  args: { initial: existing, onSubmit: fn(async () => Promise.reject(new ApiRequestError(409, INVOICE_NOTICES.customerExists, "customer_exists"))) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(box(c, "Name"), "!");
    await userEvent.click(c.getByRole("button", { name: "Update" }));
    await expect(await within(document.body).findByText(INVOICE_NOTICES.customerExists)).toBeVisible();
  },
};

export const FrenchPhone: Story = { args: { initial: existing }, globals: { locale: "fr", viewport: { value: "phone" } } };
