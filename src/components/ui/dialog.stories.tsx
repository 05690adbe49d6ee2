import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "./dialog";

const meta = {
  title: "UI/Dialog",
  component: Dialog,
  render: (args) => (
    <Dialog {...args}>
      <DialogTrigger asChild>
        <Button>View Instructions</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Setup Instructions</DialogTitle>
          <DialogDescription>Share the hosted payment page link with your customers, or embed the button on your site.</DialogDescription>
        </DialogHeader>
        <p className="rounded-md bg-muted p-3 font-mono text-sm break-all">https://pay.example.com/quick-pays/6651f0c2</p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: only the trigger shows. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "View Instructions" })).toBeVisible();
    await expect(within(document.body).queryByRole("dialog")).not.toBeInTheDocument();
  },
};

/** Open: title, description and the translated close button, focus inside the dialog. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "View Instructions" }));
    const dialog = await within(document.body).findByRole("dialog", { name: "Setup Instructions" });
    await expect(dialog).toHaveAccessibleDescription(/Share the hosted payment page link/);
    await expect(within(dialog).getByRole("button", { name: "Close" })).toBeVisible();
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  },
};

/** The × button closes the dialog and gives focus back to the trigger. */
export const ClosedWithCloseButton: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "View Instructions" });
    await userEvent.click(trigger);
    const dialog = await within(document.body).findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
  },
};

/** Escape closes the dialog too. */
export const ClosedWithEscape: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "View Instructions" }));
    await within(document.body).findByRole("dialog");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).not.toBeInTheDocument());
  },
};

/** The close button's label follows the language (French). */
export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "View Instructions" }));
    const dialog = await within(document.body).findByRole("dialog");
    await expect(within(dialog).getByRole("button", { name: "Fermer" })).toBeInTheDocument();
  },
};
