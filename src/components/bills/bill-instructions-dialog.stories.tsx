import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { stubClipboard } from "@/testing/clipboard";
import { BillInstructionsDialog } from "./bill-instructions-dialog";

let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: "zInvoice/BillInstructionsDialog",
  component: BillInstructionsDialog,
  parameters: { toastBar: true },
  args: { open: true, onOpenChange: fn(), pageLink: "http://localhost:4322/?p=Kq7NzR2xWb4M", label: "Settle the logo" },
  beforeEach: () => {
    clipboard = stubClipboard("resolves");
    return clipboard.restore;
  },
} satisfies Meta<typeof BillInstructionsDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole("dialog", { name: "Setup Instructions" });

/** The payment page to copy or open, and the button to embed (its label is the zInvoice's). */
export const Default: Story = {
  play: async () => {
    await expect(within(dialog()).getByRole("textbox", { name: "Payment page" })).toHaveValue("http://localhost:4322/?p=Kq7NzR2xWb4M");
    await expect((within(dialog()).getByRole("textbox", { name: "Embed a button" }) as HTMLTextAreaElement).value).toContain(">Settle the logo</a>");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Copy payment link" }));
    await expect(await within(document.body).findByText("Link copied to clipboard!")).toBeVisible();
    await expect(clipboard.writeText).toHaveBeenCalledWith("http://localhost:4322/?p=Kq7NzR2xWb4M");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async () => {
    await expect(within(document.body).getByRole("dialog", { name: "Instructions d’intégration" })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async () => {
    await expect(dialog().scrollWidth).toBeLessThanOrEqual(dialog().clientWidth);
  },
};
