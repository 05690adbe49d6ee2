import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ApiRequestError } from "@/lib/api-client";
import { ZLinkFormDialog } from "./zlink-form-dialog";

const meta = {
  title: "zLink/ZLinkFormDialog",
  component: ZLinkFormDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    mode: "create",
    currencies: ["USD", "USDC"],
    exampleHost: "https://shop.example",
    onSubmit: fn(async () => {}),
  },
  parameters: { toastBar: true },
} satisfies Meta<typeof ZLinkFormDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (name = "Create Payment Link") => within(document.body).getByRole("dialog", { name });
const box = (name: string, d = dialog()) => within(d).getByRole("textbox", { name });
const body = () => within(document.body);

/** A new zLink: Title prefilled with "Pay Now" and its hint; Create waits for an amount. */
export const Create: Story = {
  play: async () => {
    await expect(box("Title")).toHaveValue("Pay Now");
    await expect(box("Title")).toHaveAccessibleDescription('Defaults to "Pay Now."');
    await expect(within(dialog()).getByRole("combobox", { name: "Currency" })).toHaveTextContent("USD");
    await waitFor(() => expect(within(dialog()).getByRole("button", { name: "Create" })).toBeDisabled());
    await expect(within(dialog()).queryByRole("button", { name: "Disable" })).toBeNull();
  },
};

/** Every SPEC §5 message as a merchant meets them; Create stays disabled while anything is wrong. */
export const CreateInvalid: Story = {
  play: async ({ args }) => {
    await userEvent.clear(box("Title"));
    await expect(await within(dialog()).findByText("Please add button label")).toBeVisible();
    await userEvent.type(box("Amount"), "abc");
    await expect(await within(dialog()).findByText("Invalid price")).toBeVisible();
    await userEvent.clear(box("Amount"));
    await expect(await within(dialog()).findByText("Please add amount for quick payment")).toBeVisible();
    await userEvent.type(box("Amount"), "-5");
    await expect(await within(dialog()).findByText("Price cannot be less than zero")).toBeVisible();
    await userEvent.type(box("Website"), "my shop");
    await expect(await within(dialog()).findByText("Invalid website url (Ex: https://shop.example)")).toBeVisible();
    await expect(within(dialog()).getByRole("button", { name: "Create" })).toBeDisabled();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** 0.05 passes the field rules, but Create stops with the toast 'Amount must be at least 0.1'. */
export const AmountTooSmall: Story = {
  play: async ({ args }) => {
    await userEvent.type(box("Amount"), "0.05");
    const create = within(dialog()).getByRole("button", { name: "Create" });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await expect(await body().findByText("Amount must be at least 0.1")).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A valid zLink in USDC goes to onSubmit as typed. */
export const CreateValid: Story = {
  play: async ({ args }) => {
    await userEvent.clear(box("Title"));
    await userEvent.type(box("Title"), "Coffee beans");
    await userEvent.type(box("Description"), "1 kg");
    await userEvent.type(box("Amount"), "12.5");
    await userEvent.click(within(dialog()).getByRole("combobox", { name: "Currency" }));
    await userEvent.click(await body().findByRole("option", { name: "USDC" }));
    await userEvent.click(within(dialog()).getByRole("button", { name: "Create" }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({ label: "Coffee beans", desc: "1 kg", site: "", price: "12.5", currency: "USDC" }),
    );
  },
};

/** The server refuses (it failed): 'Payment Link not saved. Please try again later.' and the dialog stays. */
export const NotSaved: Story = {
  args: { onSubmit: fn(async () => Promise.reject(new ApiRequestError(500, "Internal server error", "internal"))) },
  play: async () => {
    await userEvent.type(box("Amount"), "5");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Create" }));
    await expect(await body().findByText("Payment Link not saved. Please try again later.")).toBeVisible();
    await expect(dialog()).toBeVisible();
  },
};

/** The server's field messages land on their fields. */
export const ServerFieldError: Story = {
  args: {
    onSubmit: fn(async () =>
      Promise.reject(new ApiRequestError(400, "Invalid price", "invalid_request", [{ path: "price", message: "Invalid price" }])),
    ),
  },
  play: async () => {
    await userEvent.type(box("Amount"), "5");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(box("Amount")).toBeInvalid());
    await expect(box("Amount")).toHaveAccessibleDescription("Invalid price");
  },
};

const editing = {
  mode: "update" as const,
  initial: { label: "Coffee beans", desc: "1 kg", site: "https://beans.example", price: "12.5", currency: "USD" },
  onDisable: fn(async () => {}),
};

/** Editing: the saved values, Update and Disable. */
export const Update: Story = {
  args: editing,
  play: async ({ args }) => {
    const d = dialog("Update Payment Link");
    await expect(box("Amount", d)).toHaveValue("12.5");
    await userEvent.clear(box("Amount", d));
    await userEvent.type(box("Amount", d), "15");
    await userEvent.click(within(d).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ ...editing.initial, price: "15" }));
  },
};

/** Disable asks first: 'Any shared/existing zLink buttons will stop working'. */
export const DisableWarning: Story = {
  args: editing,
  play: async ({ args }) => {
    await userEvent.click(within(dialog("Update Payment Link")).getByRole("button", { name: "Disable" }));
    const warning = await body().findByRole("alertdialog", { name: "Please note" });
    await expect(warning).toHaveAccessibleDescription("Any shared/existing zLink buttons will stop working");
    await expect(args.onDisable).not.toHaveBeenCalled();
  },
};

/** Confirming the warning disables the zLink. */
export const DisableConfirmed: Story = {
  args: editing,
  play: async ({ args }) => {
    await userEvent.click(within(dialog("Update Payment Link")).getByRole("button", { name: "Disable" }));
    const warning = await body().findByRole("alertdialog", { name: "Please note" });
    await userEvent.click(within(warning).getByRole("button", { name: "Disable" }));
    await waitFor(() => expect(args.onDisable).toHaveBeenCalledOnce());
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async () => {
    const d = within(document.body).getByRole("dialog", { name: "Créer un lien de paiement" });
    await userEvent.clear(within(d).getByRole("textbox", { name: "Titre" }));
    await expect(await within(d).findByText("Veuillez ajouter le libellé du bouton")).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  args: editing,
  play: async () => {
    await expect(dialog("Update Payment Link")).toBeVisible();
  },
};
