import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { stubClipboard } from "@/testing/clipboard";
import { HostedLinkField } from "./hosted-link-field";

const meta = {
  title: "UI/HostedLinkField",
  component: HostedLinkField,
  args: {
    id: "story-pay-link",
    pageLink: "http://localhost:4321/pay/Qp7Hq2kZr9Ab",
    label: "Hosted payment page",
    hint: "Send this link to your customer; it opens the payment page.",
    copyLabel: "Copy link",
    openLabel: "Open the payment page",
    onCopied: fn(),
    onCopyFailed: fn(),
  },
  render: (args) => (
    <section className="grid max-w-xl gap-2" aria-labelledby={args.id}>
      <HostedLinkField {...args} />
    </section>
  ),
} satisfies Meta<typeof HostedLinkField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The link read-only, described by its hint, with copy and open buttons. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const field = c.getByRole("textbox", { name: "Hosted payment page" });
    await expect(field).toHaveAttribute("readonly");
    await expect(field).toHaveAccessibleDescription(/Send this link/);
    await expect(c.getByRole("link", { name: "Open the payment page" })).toHaveAttribute("href", "http://localhost:4321/pay/Qp7Hq2kZr9Ab");
  },
};

/** Copying the link reports back (the parent shows its toast). */
export const Copied: Story = {
  beforeEach: () => stubClipboard("resolves").restore,
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(args.onCopied).toHaveBeenCalled());
  },
};

export const Phone: Story = { globals: { viewport: { value: "phone" } } };
