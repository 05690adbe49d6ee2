import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { stubClipboard } from "@/testing/clipboard";
import { CollectInstructionsDialog } from "./collect-instructions-dialog";

const pageLink = "http://localhost:4322/?p=Rq7Hq2kZr9Xb";
let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: "zRequest/CollectInstructionsDialog",
  component: CollectInstructionsDialog,
  args: { open: true, onOpenChange: fn(), pageLink, name: "Ada Lovelace", email: "ada@example.com", onRemind: fn(async () => {}) },
  parameters: { toastBar: true },
  beforeEach: () => {
    clipboard = stubClipboard("resolves");
    return () => clipboard.restore();
  },
} satisfies Meta<typeof CollectInstructionsDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole("dialog", { name: "zRequest Instructions" });

/** The pay link the payer was sent (copy, open) and Send reminder; no share or embed. */
export const Instructions: Story = {
  play: async ({ args }) => {
    const d = within(dialog());
    await expect(dialog()).toHaveAccessibleDescription("We e-mailed this link to Ada Lovelace (ada@example.com). You can also send it yourself.");
    await expect(d.getByRole("textbox", { name: "Pay link" })).toHaveValue(pageLink);
    await expect(d.getByRole("link", { name: "Open the pay page" })).toHaveAttribute("href", pageLink);
    await expect(d.queryByRole("link", { name: /Share on/ })).toBeNull();
    await userEvent.click(d.getByRole("button", { name: "Copy pay link" }));
    await expect(await within(document.body).findByText("Link copied to clipboard!")).toBeVisible();
    await expect(clipboard.writeText).toHaveBeenCalledWith(pageLink);
    await userEvent.click(d.getByRole("button", { name: "Send reminder" }));
    await waitFor(() => expect(args.onRemind).toHaveBeenCalledOnce());
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async () => {
    const d = within(within(document.body).getByRole("dialog", { name: "Instructions zRequest" }));
    await expect(d.getByRole("button", { name: "Envoyer un rappel" })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async () => {
    await expect(within(dialog()).getByRole("button", { name: "Send reminder" })).toBeVisible();
  },
};
