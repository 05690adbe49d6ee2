import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ApiRequestError } from "@/lib/api-client";
import type { CollectMailOutcome } from "@/lib/collect-mail";
import { CollectFormDialog } from "./collect-form-dialog";

const meta = {
  title: "zRequest/CollectFormDialog",
  component: CollectFormDialog,
  args: { open: true, onOpenChange: fn(), mode: "create", currencies: ["USD", "USDC"], onSubmit: fn(async (): Promise<CollectMailOutcome | void> => {}) },
  parameters: { toastBar: true },
} satisfies Meta<typeof CollectFormDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (name = "Create Pay Request") => within(document.body).getByRole("dialog", { name });
const box = (name: string, d = dialog()) => within(d).getByRole("textbox", { name });
const body = () => within(document.body);

/** A new request: Name, Email address, Your Message, Amount with its currency, nothing after it; Create waits. */
export const Create: Story = {
  play: async () => {
    const d = within(dialog());
    await expect(d.getAllByRole("textbox").map((b) => b.getAttribute("name"))).toEqual(["name", "email", "desc", "price"]);
    await expect(d.getByRole("combobox", { name: "Currency" })).toHaveTextContent("USD");
    await waitFor(() => expect(d.getByRole("button", { name: "Create" })).toBeDisabled());
    await expect(d.queryByRole("button", { name: "Disable" })).toBeNull();
  },
};

/** The required messages, as a merchant who leaves every field meets them. */
export const CreateRequired: Story = {
  play: async ({ args }) => {
    for (const name of ["Name", "Email address", "Your Message", "Amount"]) {
      await userEvent.type(box(name), "x");
      await userEvent.clear(box(name));
    }
    const d = within(dialog());
    await expect(await d.findByText("Please add the name")).toBeVisible();
    await expect(await d.findByText("Please add valid email address")).toBeVisible();
    await expect(await d.findByText("Please add description for the collect request")).toBeVisible();
    await expect(await d.findByText("Please add amount to collect")).toBeVisible();
    await expect(d.getByRole("button", { name: "Create" })).toBeDisabled();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A bad e-mail address and a bad amount. */
export const CreateInvalid: Story = {
  play: async () => {
    await userEvent.type(box("Email address"), "ada@example");
    await userEvent.type(box("Amount"), "abc");
    await userEvent.tab();
    const d = within(dialog());
    await expect(await d.findByText("Invalid email address")).toBeVisible();
    await expect(await d.findByText("Invalid amount")).toBeVisible();
  },
};

export const AmountNegative: Story = {
  play: async () => {
    await userEvent.type(box("Amount"), "-5");
    await expect(await within(dialog()).findByText("Price cannot be less than zero")).toBeVisible();
  },
};

export const AmountTooSmall: Story = {
  play: async () => {
    await userEvent.type(box("Amount"), "0.05");
    await expect(await within(dialog()).findByText("Amount must be at least 0.1")).toBeVisible();
    await expect(within(dialog()).getByRole("button", { name: "Create" })).toBeDisabled();
  },
};

/** A valid request in USDC goes to onSubmit as typed. */
export const CreateValid: Story = {
  play: async ({ args }) => {
    await userEvent.type(box("Name"), "Ada Lovelace");
    await userEvent.type(box("Email address"), "ada@example.com");
    await userEvent.type(box("Your Message"), "March consulting");
    await userEvent.type(box("Amount"), "12.5");
    await userEvent.click(within(dialog()).getByRole("combobox", { name: "Currency" }));
    await userEvent.click(await body().findByRole("option", { name: "USDC" }));
    await userEvent.click(within(dialog()).getByRole("button", { name: "Create" }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({ name: "Ada Lovelace", email: "ada@example.com", desc: "March consulting", price: "12.5", currency: "USDC", site: "" }),
    );
  },
};

const filled = async () => {
  await userEvent.type(box("Name"), "Ada");
  await userEvent.type(box("Email address"), "ada@example.com");
  await userEvent.type(box("Your Message"), "Tea");
  await userEvent.type(box("Amount"), "5");
  await userEvent.click(within(dialog()).getByRole("button", { name: "Create" }));
};

/** The server failed: 'zRequest not saved…' and the dialog stays. */
export const NotSaved: Story = {
  args: { onSubmit: fn(async () => Promise.reject(new ApiRequestError(500, "Internal server error", "internal"))) },
  play: async () => {
    await filled();
    await expect(await body().findByText("zRequest not saved. Please try again later.")).toBeVisible();
    await expect(dialog()).toBeVisible();
  },
};

/** The server's field messages land on their fields. */
export const ServerFieldError: Story = {
  args: {
    onSubmit: fn(async () =>
      Promise.reject(new ApiRequestError(400, "Invalid email address", "invalid_request", [{ path: "email", message: "Invalid email address" }])),
    ),
  },
  play: async () => {
    await filled();
    await waitFor(() => expect(box("Email address")).toBeInvalid());
    await expect(box("Email address")).toHaveAccessibleDescription("Invalid email address");
  },
};

const editing = {
  mode: "update" as const,
  initial: { name: "Ada Lovelace", email: "ada@example.com", desc: "March consulting", price: "12.5", currency: "USD", site: "" },
  onDisable: fn(async () => {}),
};

/** Editing: the saved values, Update and Disable. */
export const Update: Story = {
  args: editing,
  play: async ({ args }) => {
    const d = dialog("Update Pay Request");
    await expect(box("Amount", d)).toHaveValue("12.5");
    await userEvent.clear(box("Amount", d));
    await userEvent.type(box("Amount", d), "15");
    await userEvent.click(within(d).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ ...editing.initial, price: "15" }));
  },
};

/** A new amount saved but not e-mailed (the payer unsubscribed): the dialog says so in place of the form, until closed. */
export const UpdateMailNotSent: Story = {
  args: {
    ...editing,
    onSubmit: fn(async () => ({ status: "not_sent" as const, to: "ada@example.com", reason: "recipient_unsubscribed" as const, queued: false, message: "" })),
  },
  play: async ({ args }) => {
    const d = dialog("Update Pay Request");
    await userEvent.clear(box("Amount", d));
    await userEvent.type(box("Amount", d), "21");
    await userEvent.click(within(d).getByRole("button", { name: "Update" }));
    const result = await within(d).findByRole("status");
    await expect(result).toHaveTextContent("Saved. The payer was not e-mailed");
    await expect(within(d).queryByRole("textbox", { name: "Amount" })).toBeNull();
    await userEvent.click(within(d).getByRole("button", { name: "Done" }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** A new name only: nothing to tell the payer, the page closes the dialog as before. */
export const UpdateNameOnly: Story = {
  args: { ...editing, onSubmit: fn(async () => ({ status: "unchanged" as const, message: "" })) },
  play: async ({ args }) => {
    const d = dialog("Update Pay Request");
    await userEvent.type(box("Name", d), " Jr");
    await userEvent.click(within(d).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(within(d).queryByRole("status")).toBeNull();
  },
};

/** Disable asks first, then disables. */
export const DisableConfirmed: Story = {
  args: editing,
  play: async ({ args }) => {
    await userEvent.click(within(dialog("Update Pay Request")).getByRole("button", { name: "Disable" }));
    const warning = await body().findByRole("alertdialog", { name: "Please note" });
    await expect(warning).toHaveAccessibleDescription("The pay link of this zRequest will stop working");
    await userEvent.click(within(warning).getByRole("button", { name: "Disable" }));
    await waitFor(() => expect(args.onDisable).toHaveBeenCalledOnce());
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async () => {
    const d = within(within(document.body).getByRole("dialog", { name: "Créer une demande de paiement" }));
    await userEvent.type(d.getByRole("textbox", { name: "Montant" }), "0");
    await userEvent.type(d.getByRole("textbox", { name: "Adresse e-mail" }), "x");
    await expect(await d.findByText("Adresse e-mail invalide")).toBeVisible();
    await expect(await d.findByText("Le montant doit être d’au moins 0,1")).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  args: editing,
  play: async () => {
    await expect(dialog("Update Pay Request")).toBeVisible();
  },
};
