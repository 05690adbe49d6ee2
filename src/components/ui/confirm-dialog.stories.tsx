import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import { ConfirmDialog } from "./confirm-dialog";

const meta = {
  title: "UI/ConfirmDialog",
  component: ConfirmDialog,
  args: {
    title: "Please note",
    message: "Any shared/existing zLink buttons will stop working",
    confirmLabel: "Disable",
    destructive: true,
    trigger: <Button variant="destructive">Disable</Button>,
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The zLink disable warning (SPEC §2), left open; focus starts on the safe choice. */
export const DisableWarning: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Disable" }));
    const dialog = await within(document.body).findByRole("alertdialog", { name: "Please note" });
    await expect(dialog).toHaveAccessibleDescription("Any shared/existing zLink buttons will stop working");
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus());
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** Confirming calls onConfirm once, closes, and does not count as a cancel. */
export const Confirmed: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Disable" }));
    const dialog = await within(document.body).findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Disable" }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(within(document.body).queryByRole("alertdialog")).not.toBeInTheDocument());
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

/** Cancelling closes without confirming. */
export const Cancelled: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Disable" }));
    const dialog = await within(document.body).findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(within(document.body).queryByRole("alertdialog")).not.toBeInTheDocument());
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** Escape is a cancel as well. */
export const EscapeCancels: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Disable" }));
    await within(document.body).findByRole("alertdialog");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(within(document.body).queryByRole("alertdialog")).not.toBeInTheDocument());
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

/** Without custom labels the buttons read the translated defaults (French here). */
export const DefaultLabelsFrench: Story = {
  globals: { locale: "fr" },
  args: { title: "Veuillez noter", message: "Les boutons zLink déjà partagés cesseront de fonctionner", confirmLabel: undefined, destructive: false, trigger: <Button>Désactiver</Button> },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Désactiver" }));
    const dialog = await within(document.body).findByRole("alertdialog", { name: "Veuillez noter" });
    await expect(within(dialog).getByRole("button", { name: "Confirmer" })).toBeVisible();
    await expect(within(dialog).getByRole("button", { name: "Annuler" })).toBeVisible();
  },
};
