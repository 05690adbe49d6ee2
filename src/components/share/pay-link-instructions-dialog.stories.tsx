import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { PayLinkInstructionsDialog } from "./pay-link-instructions-dialog";

const pageLink = "http://localhost:4322/?p=Cart7Hq2kZr9";

/** The hosted-link dialog every product shares (zLink, zCart…); each passes its own title. */
const meta = {
  title: "Shared/PayLinkInstructionsDialog",
  component: PayLinkInstructionsDialog,
  args: { namespace: "zlink", open: true, onOpenChange: fn(), pageLink, label: "Breakfast set", title: "zCart Instructions" },
  parameters: { toastBar: true },
} satisfies Meta<typeof PayLinkInstructionsDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    const d = within(within(document.body).getByRole("dialog", { name: "zCart Instructions" }));
    await expect(d.getByRole("textbox", { name: "Hosted payment page" })).toHaveValue(pageLink);
    await expect((d.getByRole("textbox", { name: "Embed a button" }) as HTMLTextAreaElement).value).toContain(">Breakfast set</a>");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  args: { title: "Instructions du zCart" },
  play: async () => {
    const d = within(within(document.body).getByRole("dialog", { name: "Instructions du zCart" }));
    await expect(d.getByRole("textbox", { name: "Page de paiement hébergée" })).toHaveValue(pageLink);
  },
};
