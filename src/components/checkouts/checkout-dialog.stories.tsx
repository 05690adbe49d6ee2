import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { sampleCatalog } from "@/testing/msw/cart-fixtures";
import { CheckoutDialog } from "./checkout-dialog";

const items = sampleCatalog.filter((i) => i.enabled);

const meta = {
  title: "zCart/CheckoutDialog",
  component: CheckoutDialog,
  args: { open: true, onOpenChange: fn(), mode: "create", items, onSubmit: fn(async () => {}) },
  parameters: { toastBar: true },
} satisfies Meta<typeof CheckoutDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (name = "Create Checkout") => within(document.body).getByRole("dialog", { name });
const d = () => within(dialog());

/** An empty checkout: every catalogue item to pick, the switch off, Create waiting. */
export const Create: Story = {
  play: async () => {
    await expect(d().getAllByRole("checkbox")).toHaveLength(3);
    await expect(d().getByRole("switch", { name: "Let the payer change quantities" })).not.toBeChecked();
    await waitFor(() => expect(d().getByRole("button", { name: "Create" })).toBeDisabled());
  },
};

/** Pick two items, set a quantity, let the payer change them: the total follows; Create sends the lines. */
export const CreateWithItems: Story = {
  play: async ({ args }) => {
    await userEvent.type(d().getByRole("textbox", { name: "Button label" }), "Breakfast set");
    await userEvent.click(d().getByRole("checkbox", { name: "Include Coffee mug" }));
    await userEvent.click(d().getByRole("checkbox", { name: "Include Organic tee" }));
    const qty = d().getByRole("spinbutton", { name: "Quantity of Coffee mug" });
    await userEvent.clear(qty);
    await userEvent.type(qty, "2");
    await expect(d().getByText(/Total: 45\.00 USD/)).toBeVisible();
    await userEvent.click(d().getByRole("switch", { name: "Let the payer change quantities" }));
    await userEvent.click(d().getByRole("button", { name: "Create" }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        label: "Breakfast set",
        description: "",
        lines: [
          { itemId: "i1", quantity: 2 },
          { itemId: "i2", quantity: 1 },
        ],
        quantitiesEditable: true,
      }),
    );
  },
};

/** 'Please add button label', a quantity out of 1..99, and items in two currencies. */
export const CreateInvalid: Story = {
  play: async () => {
    const label = d().getByRole("textbox", { name: "Button label" });
    await userEvent.type(label, "x");
    await userEvent.clear(label);
    await expect(await d().findByText("Please add button label")).toBeVisible();
    await userEvent.click(d().getByRole("checkbox", { name: "Include Coffee mug" }));
    const qty = d().getByRole("spinbutton", { name: "Quantity of Coffee mug" });
    await userEvent.clear(qty);
    await userEvent.type(qty, "100");
    await expect(await d().findByText("Quantity must be between 1 and 99")).toBeVisible();
    await userEvent.clear(qty);
    await userEvent.type(qty, "1");
    await userEvent.click(d().getByRole("checkbox", { name: "Include Sticker pack" }));
    await expect(await d().findByText("All items of a checkout must be in the same currency")).toBeVisible();
    await userEvent.click(d().getByRole("checkbox", { name: "Include Sticker pack" }));
    await userEvent.click(d().getByRole("checkbox", { name: "Include Coffee mug" }));
    await expect(await d().findByText("Please add at least one item")).toBeVisible();
    await expect(d().getByRole("button", { name: "Create" })).toBeDisabled();
  },
};

/** Editing: the lines as saved, and Disable behind the warning. */
export const Update: Story = {
  args: {
    mode: "update",
    initial: { label: "Breakfast set", description: "", lines: [{ itemId: "i1", quantity: 2 }], quantitiesEditable: true },
    onDisable: fn(async () => {}),
  },
  play: async ({ args }) => {
    const u = within(dialog("Update Checkout"));
    await expect(u.getByRole("checkbox", { name: "Include Coffee mug" })).toBeChecked();
    await expect(u.getByRole("switch", { name: "Let the payer change quantities" })).toBeChecked();
    await userEvent.click(u.getByRole("button", { name: "Disable" }));
    const warning = await within(document.body).findByRole("alertdialog", { name: "Please note" });
    await expect(warning).toHaveTextContent("Any shared/existing zCart buttons will stop working");
    await userEvent.click(within(warning).getByRole("button", { name: "Disable" }));
    await waitFor(() => expect(args.onDisable).toHaveBeenCalledOnce());
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async () => {
    const f = within(dialog("Créer un paiement"));
    await expect(f.getByRole("switch", { name: "Laisser le client modifier les quantités" })).toBeVisible();
    await userEvent.click(f.getByRole("checkbox", { name: "Inclure Coffee mug" }));
    await expect(f.getByText("Total : 12,50 USD")).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  args: { mode: "update", initial: { label: "Breakfast set", description: "", lines: [{ itemId: "i1", quantity: 2 }], quantitiesEditable: true } },
  play: async () => {
    await expect(dialog("Update Checkout")).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
