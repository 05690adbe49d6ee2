import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { $toasts, clearToasts, showToast, type ToastVariant } from "@/stores/toasts";
import { ToastBar } from "./toast-bar";

/** Seeds the store before a story renders; visual stories keep their toast until the screenshot. */
const seed = (...toasts: { message: string; variant: ToastVariant; autoClose?: boolean }[]) => () => {
  for (const toast of toasts) showToast({ autoClose: false, ...toast });
};

const meta = {
  title: "UI/ToastBar",
  component: ToastBar,
  decorators: [
    (Story) => (
      <div className="min-h-40">
        <Story />
      </div>
    ),
  ],
  beforeEach: () => {
    clearToasts();
    return clearToasts;
  },
} satisfies Meta<typeof ToastBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A success toast, announced politely, with a close button. */
export const Success: Story = {
  beforeEach: seed({ message: "Payment Link created successfully", variant: "success" }),
  play: async () => {
    const toast = await within(document.body).findByRole("status");
    await expect(toast).toHaveTextContent("Payment Link created successfully");
    await expect(within(toast).getByRole("button", { name: "Dismiss notification" })).toBeVisible();
  },
};

/** Errors interrupt: role="alert". */
export const Error: Story = {
  beforeEach: seed({ message: "Payment Link not saved. Please try again later.", variant: "error" }),
  play: async () => {
    await expect(await within(document.body).findByRole("alert")).toHaveTextContent("Payment Link not saved. Please try again later.");
    await expect(within(document.body).queryByRole("status")).not.toBeInTheDocument();
  },
};

/** Neutral information. */
export const Info: Story = {
  beforeEach: seed({ message: "Please try to disconnect your wallet app and try again", variant: "info" }),
  play: async () => {
    await expect(await within(document.body).findByRole("status")).toHaveAttribute("data-variant", "info");
  },
};

/** Something needs attention but nothing failed. */
export const Warning: Story = {
  beforeEach: seed({ message: "You'll not be able to receive payment, unless you attach a wallet address", variant: "warning" }),
  play: async () => {
    await expect(await within(document.body).findByRole("status")).toHaveAttribute("data-variant", "warning");
  },
};

/** HTML messages keep their links but lose scripts, event handlers and javascript: URLs. */
export const HtmlContent: Story = {
  beforeEach: seed({
    variant: "info",
    message:
      'Request sent. <a href="https://docs.example.com/production">Read the next steps</a>' +
      '<script>window.__toastXss = "script"</script>' +
      '<img src="/missing-toast-image.png" alt="" onerror="window.__toastXss = \'onerror\'">' +
      ' or <a href="javascript:window.__toastXss=\'href\'">contact us</a>.',
  }),
  play: async () => {
    const toast = await within(document.body).findByRole("status");
    const message = toast.querySelector("[data-slot=toast-message]")!;
    await expect(within(toast).getByRole("link", { name: "Read the next steps" })).toHaveAttribute("href", "https://docs.example.com/production");
    await expect(message.querySelector("script")).toBeNull();
    await expect(message.querySelector("[onerror]")).toBeNull();
    await expect(within(toast).getByText("contact us")).not.toHaveAttribute("href", expect.stringContaining("javascript:"));
    await new Promise((resolve) => setTimeout(resolve, 300)); // let a broken image's error event fire
    await expect((window as { __toastXss?: string }).__toastXss).toBeUndefined();
  },
};

/** autoClose: false stays after the 4 s auto-hide that removes an ordinary toast. */
export const Persistent: Story = {
  beforeEach: seed(
    { message: "Saved successfully", variant: "success", autoClose: true },
    { message: "Current logged-in session has expired, please login again", variant: "error", autoClose: false },
  ),
  play: async () => {
    const body = within(document.body);
    await expect(await body.findByRole("status")).toHaveTextContent("Saved successfully");
    await waitFor(() => expect(body.queryByRole("status")).not.toBeInTheDocument(), { timeout: 6000 });
    await expect(body.getByRole("alert")).toHaveTextContent("Current logged-in session has expired");
  },
};

/** The close button removes the toast from the screen and the store. */
export const Dismissed: Story = {
  beforeEach: seed({ message: "Link copied to clipboard!", variant: "success" }, { message: "Refund requested", variant: "info" }),
  play: async () => {
    const body = within(document.body);
    const [first] = await body.findAllByRole("status");
    await userEvent.click(within(first).getByRole("button", { name: "Dismiss notification" }));
    await waitFor(() => expect(body.queryByText("Link copied to clipboard!")).not.toBeInTheDocument());
    await expect($toasts.get().map((t) => t.message)).toEqual(["Refund requested"]);
  },
};
