import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ApiRequestError } from "@/lib/api-client";
import { DonateFormDialog } from "./donate-form-dialog";

const meta = {
  title: "Donations/DonateFormDialog",
  component: DonateFormDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    mode: "create",
    currencies: ["USD", "USDC"],
    exampleHost: "https://shop.example",
    onSubmit: fn(async () => {}),
  },
  parameters: { toastBar: true },
} satisfies Meta<typeof DonateFormDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (name = "Create Donation Page") => within(document.body).getByRole("dialog", { name });
const box = (name: string, d = dialog()) => within(d).getByRole("textbox", { name });
const editing = {
  mode: "update" as const,
  initial: { label: "Winter shelter fund", desc: "Food and heating", site: "https://shelter.example.org", currency: "USD", suggestedAmounts: ["5", "10", "25"] },
  onDisable: fn(async () => {}),
};

/** A new page: three suggestions to start from; Create waits for a title. */
export const Create: Story = {
  play: async () => {
    await expect(box("Suggested amount 1")).toHaveValue("5");
    await expect(box("Suggested amount 3")).toHaveValue("25");
    await expect(within(dialog()).getByRole("combobox", { name: "Currency" })).toHaveTextContent("USD");
    await expect(within(dialog()).getByRole("button", { name: "Create" })).toBeDisabled();
    await expect(within(dialog()).queryByRole("button", { name: "Disable" })).toBeNull();
  },
};

/** Title, amounts and website filled in: Create sends the values as typed. */
export const CreateFilled: Story = {
  play: async ({ args }) => {
    await userEvent.type(box("Title"), "Support the shelter");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Add amount" }));
    await userEvent.type(box("Suggested amount 4"), "50");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Remove suggested amount 1" }));
    const create = within(dialog()).getByRole("button", { name: "Create" });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({ label: "Support the shelter", desc: "", site: "", currency: "USD", suggestedAmounts: ["10", "25", "50"] }),
    );
  },
};

/** Every message a merchant can meet; Create stays disabled while anything is wrong. */
export const CreateInvalid: Story = {
  play: async ({ args }) => {
    const d = within(dialog());
    await userEvent.type(box("Title"), "x");
    await userEvent.clear(box("Title"));
    await expect(await d.findByText("Please add button label")).toBeVisible();
    await userEvent.type(box("Website"), "my shop");
    await expect(await d.findByText("Invalid website url (Ex: https://shop.example)")).toBeVisible();
    await userEvent.clear(box("Suggested amount 1"));
    await expect(await d.findByText("Please add an amount")).toBeVisible();
    await userEvent.type(box("Suggested amount 1"), "0.05");
    await expect(await d.findByText("Amount must be at least 0.1")).toBeVisible();
    await userEvent.clear(box("Suggested amount 2"));
    await userEvent.type(box("Suggested amount 2"), "abc");
    await expect(await d.findByText("Invalid amount")).toBeVisible();
    await userEvent.clear(box("Suggested amount 3"));
    await userEvent.type(box("Suggested amount 3"), "1.005");
    await expect(await d.findByText("Use at most 2 decimals for USD")).toBeVisible();
    await userEvent.click(d.getByRole("button", { name: "Add amount" }));
    await userEvent.type(box("Suggested amount 4"), "2000000");
    await expect(await d.findByText("Amount can be at most 1,000,000")).toBeVisible();
    await userEvent.click(d.getByRole("button", { name: "Add amount" }));
    await userEvent.type(box("Suggested amount 5"), "1.00");
    await userEvent.click(d.getByRole("button", { name: "Add amount" }));
    await userEvent.type(box("Suggested amount 6"), "1");
    await expect(await d.findByText("This amount is already suggested")).toBeVisible();
    await expect(d.queryByRole("button", { name: "Add amount" })).toBeNull();
    await expect(d.getByRole("button", { name: "Create" })).toBeDisabled();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The server's field issues land on their fields (the second amount here). */
export const ServerRefusal: Story = {
  args: {
    onSubmit: fn(async () => {
      throw new ApiRequestError(400, "invalid_request", "Choose a currency from the list", [{ path: "suggestedAmounts[1]", message: "Amount must be at least 0.1" }]);
    }),
  },
  play: async () => {
    await userEvent.type(box("Title"), "Tips");
    const create = within(dialog()).getByRole("button", { name: "Create" });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await expect(await within(dialog()).findByText("Amount must be at least 0.1")).toBeVisible();
    await expect(box("Suggested amount 2")).toHaveAttribute("aria-invalid", "true");
  },
};

export const Update: Story = {
  args: editing,
  play: async () => {
    await expect(box("Title", dialog("Update Donation Page"))).toHaveValue("Winter shelter fund");
    await expect(within(dialog("Update Donation Page")).getByRole("button", { name: "Disable" })).toBeEnabled();
  },
};

/** Disable asks first, with the warning wording; confirming disables the page. */
export const DisableWarning: Story = {
  args: editing,
  play: async ({ args }) => {
    await userEvent.click(within(dialog("Update Donation Page")).getByRole("button", { name: "Disable" }));
    const warning = await within(document.body).findByRole("alertdialog", { name: "Please note" });
    await expect(warning).toHaveAccessibleDescription("Any shared/existing donation buttons will stop working");
    await expect(args.onDisable).not.toHaveBeenCalled();
    await userEvent.click(within(warning).getByRole("button", { name: "Disable" }));
    await waitFor(() => expect(args.onDisable).toHaveBeenCalledOnce());
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async () => {
    const d = within(document.body).getByRole("dialog", { name: "Créer une page de dons" });
    await userEvent.clear(within(d).getByRole("textbox", { name: "Montant suggéré 1" }));
    await userEvent.type(within(d).getByRole("textbox", { name: "Montant suggéré 1" }), "0,05");
    await expect(await within(d).findByText("Le montant doit être d’au moins 0,1")).toBeVisible();
  },
};

/** The donation page's currency list in French: "EUR — euro"; the closed field keeps the code. */
export const FrenchCurrencyNames: Story = {
  globals: { locale: "fr" },
  args: { currencies: ["EUR", "USDC"] },
  play: async () => {
    const d = within(document.body).getByRole("dialog", { name: "Créer une page de dons" });
    const currency = within(d).getByRole("combobox", { name: "Devise" });
    await expect(currency).toHaveTextContent(/^EUR$/);
    await userEvent.click(currency);
    const listbox = await within(document.body).findByRole("listbox");
    // Left open for the picture.
    await expect(within(listbox).getAllByRole("option").map((o) => o.textContent)).toEqual(["EUR — euro", "USDC"]);
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  args: editing,
  play: async () => {
    await expect(dialog("Update Donation Page")).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
