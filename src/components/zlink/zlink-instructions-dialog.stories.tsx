import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { stubClipboard } from "@/testing/clipboard";
import { ZLinkInstructionsDialog } from "./zlink-instructions-dialog";

const pageLink = "http://localhost:4322/?p=7Hq2kZr9XbNm";
let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: "zLink/ZLinkInstructionsDialog",
  component: ZLinkInstructionsDialog,
  args: { open: true, onOpenChange: fn(), pageLink, label: "Coffee beans" },
  parameters: { toastBar: true },
  beforeEach: () => {
    clipboard = stubClipboard("resolves");
    return () => clipboard.restore();
  },
} satisfies Meta<typeof ZLinkInstructionsDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole("dialog", { name: "zLink Instructions" });

/** The hosted link, three share links opening in a new tab, and the embed snippet. */
export const Instructions: Story = {
  play: async () => {
    const d = within(dialog());
    await expect(d.getByRole("textbox", { name: "Hosted payment page" })).toHaveValue(pageLink);
    const encoded = encodeURIComponent(pageLink);
    await expect(d.getByRole("link", { name: "Share on X" })).toHaveAttribute("href", `https://twitter.com/intent/tweet?url=${encoded}&text=${encodeURIComponent("Coffee beans: pay with crypto")}`);
    await expect(d.getByRole("link", { name: "Share on Facebook" })).toHaveAttribute("href", `https://www.facebook.com/sharer/sharer.php?u=${encoded}`);
    await expect(d.getByRole("link", { name: "Share on LinkedIn" })).toHaveAttribute("href", `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`);
    for (const link of d.getAllByRole("link")) await expect(link).toHaveAttribute("target", "_blank");
    const embed = d.getByRole("textbox", { name: "Embed a button" });
    await expect((embed as HTMLTextAreaElement).value).toContain(`href="${pageLink}"`);
    await expect((embed as HTMLTextAreaElement).value).toContain(">Coffee beans</a>");
  },
};

/** Copying the link: 'Link copied to clipboard!'. */
export const LinkCopied: Story = {
  play: async () => {
    await userEvent.click(within(dialog()).getByRole("button", { name: "Copy payment link" }));
    await expect(await within(document.body).findByText("Link copied to clipboard!")).toBeVisible();
    await expect(clipboard.writeText).toHaveBeenCalledWith(pageLink);
  },
};

/** Copying the embed code. */
export const EmbedCopied: Story = {
  play: async () => {
    await userEvent.click(within(dialog()).getByRole("button", { name: "Copy embed code" }));
    await waitFor(() => expect(clipboard.writeText).toHaveBeenCalledWith(expect.stringContaining("<a href=")));
    await expect(await within(document.body).findByText("Embed code copied to clipboard!")).toBeVisible();
  },
};

/** The clipboard refuses: 'Failed to copy link.'. */
export const CopyFailed: Story = {
  beforeEach: () => {
    clipboard.restore();
    clipboard = stubClipboard("rejects");
  },
  play: async () => {
    await userEvent.click(within(dialog()).getByRole("button", { name: "Copy payment link" }));
    await expect(await within(document.body).findByText("Failed to copy link.")).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async () => {
    await expect(within(document.body).getByRole("dialog", { name: "Instructions du zLink" })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async () => {
    await expect(dialog()).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
