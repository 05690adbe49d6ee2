import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import type { Toast, ToastVariant } from "@/stores/toasts";
import { ToastBar } from "./toast-bar";

let nextId = 0;
/** A toast as the store holds it: shown, and staying until dismissed unless told otherwise. */
const toast = (variant: ToastVariant, message: string, more: Partial<Toast> = {}): Toast => ({
  id: `toast-${++nextId}`,
  message,
  variant,
  autoClose: false,
  visible: true,
  ...more,
});

const meta = {
  title: "UI/ToastBar",
  component: ToastBar,
  args: { toasts: [], onDismiss: fn() },
  decorators: [
    (Story) => (
      <div className="min-h-40">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ToastBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A success toast, announced politely, with a close button. */
export const Success: Story = {
  args: { toasts: [toast("success", "Payment Link created successfully")] },
  play: async () => {
    const status = await within(document.body).findByRole("status");
    await expect(status).toHaveTextContent("Payment Link created successfully");
    await expect(within(status).getByRole("button", { name: "Dismiss notification" })).toBeVisible();
  },
};

/** Errors interrupt: role="alert". */
export const Error: Story = {
  args: { toasts: [toast("error", "Payment Link not saved. Please try again later.")] },
  play: async () => {
    await expect(await within(document.body).findByRole("alert")).toHaveTextContent("Payment Link not saved. Please try again later.");
    await expect(within(document.body).queryByRole("status")).not.toBeInTheDocument();
  },
};

/** Neutral information. */
export const Info: Story = {
  args: { toasts: [toast("info", "Please try to disconnect your wallet app and try again")] },
  play: async () => {
    await expect(await within(document.body).findByRole("status")).toHaveAttribute("data-variant", "info");
  },
};

/** Something needs attention but nothing failed. */
export const Warning: Story = {
  args: { toasts: [toast("warning", "You'll not be able to receive payment, unless you attach a wallet address")] },
  play: async () => {
    await expect(await within(document.body).findByRole("status")).toHaveAttribute("data-variant", "warning");
  },
};

/** HTML messages keep their links but lose scripts, event handlers and javascript: URLs. */
export const HtmlContent: Story = {
  args: {
    toasts: [
      toast(
        "info",
        'Request sent. <a href="https://docs.example.com/production">Read the next steps</a>' +
          '<script>window.__toastXss = "script"</script>' +
          '<img src="/missing-toast-image.png" alt="" onerror="window.__toastXss = \'onerror\'">' +
          ' or <a href="javascript:window.__toastXss=\'href\'">contact us</a>.',
      ),
    ],
  },
  play: async () => {
    const status = await within(document.body).findByRole("status");
    const message = status.querySelector("[data-slot=toast-message]")!;
    await expect(within(status).getByRole("link", { name: "Read the next steps" })).toHaveAttribute("href", "https://docs.example.com/production");
    await expect(message.querySelector("script")).toBeNull();
    await expect(message.querySelector("[onerror]")).toBeNull();
    await expect(within(status).getByText("contact us")).not.toHaveAttribute("href", expect.stringContaining("javascript:"));
    await new Promise((resolve) => setTimeout(resolve, 300)); // let a broken image's error event fire
    await expect((window as { __toastXss?: string }).__toastXss).toBeUndefined();
  },
};

/**
 * After the 4 s auto-hide: an ordinary toast is hidden (it stays in the store until cleanup, and
 * the bar skips it) while one shown with autoClose: false is still there.
 */
export const Persistent: Story = {
  args: {
    toasts: [
      toast("success", "Saved successfully", { autoClose: true, visible: false }),
      toast("error", "Current logged-in session has expired, please login again"),
    ],
  },
  play: async () => {
    const body = within(document.body);
    await expect(await body.findByRole("alert")).toHaveTextContent("Current logged-in session has expired");
    await expect(body.queryByText("Saved successfully")).not.toBeInTheDocument();
  },
};

/** The close button asks to dismiss that toast (by id); here the story removes it as the store would. */
export const Dismissed: Story = {
  args: { toasts: [toast("success", "Link copied to clipboard!"), toast("info", "Refund requested")] },
  render: function DismissableToasts(args) {
    const [toasts, setToasts] = useState(args.toasts);
    const dismiss = (id: string) => {
      args.onDismiss(id);
      setToasts((shown) => shown.filter((t) => t.id !== id));
    };
    return <ToastBar {...args} toasts={toasts} onDismiss={dismiss} />;
  },
  play: async ({ args }) => {
    const body = within(document.body);
    const [first] = await body.findAllByRole("status");
    await userEvent.click(within(first).getByRole("button", { name: "Dismiss notification" }));
    await expect(args.onDismiss).toHaveBeenCalledWith(args.toasts[0].id);
    await waitFor(() => expect(body.queryByText("Link copied to clipboard!")).not.toBeInTheDocument());
    await expect(body.getByText("Refund requested")).toBeVisible();
  },
};
