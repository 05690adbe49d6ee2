import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { CopyButton } from "./copy-button";

const referralLink = "https://zpay.example/?r=AB12CD";

/** The clipboard stub the stories below install; real clipboard access is flaky in headless runs. */
const writeText = fn<(text: string) => Promise<void>>();

/** Story `beforeEach`: replaces navigator.clipboard (or removes it) and puts the real one back after. */
function stubClipboard(clipboard: "resolves" | "rejects" | "missing") {
  return () => {
    writeText.mockReset();
    if (clipboard === "resolves") writeText.mockResolvedValue(undefined);
    if (clipboard === "rejects") writeText.mockRejectedValue(new DOMException("Write permission denied.", "NotAllowedError"));
    const own = Object.getOwnPropertyDescriptor(navigator, "clipboard");
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: clipboard === "missing" ? undefined : { writeText },
    });
    return () => {
      if (own) Object.defineProperty(navigator, "clipboard", own);
      else Reflect.deleteProperty(navigator, "clipboard");
    };
  };
}

const meta = {
  title: "UI/CopyButton",
  component: CopyButton,
  args: {
    value: referralLink,
    label: "Copy referral link",
    feedbackMs: 0,
    onCopied: fn(),
    onCopyFailed: fn(),
  },
  beforeEach: stubClipboard("resolves"),
} satisfies Meta<typeof CopyButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Icon only, named by `label`; nothing announced yet. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole("button", { name: "Copy referral link" });
    await expect(button).toHaveAttribute("data-state", "idle");
    await expect(canvas.getByRole("status")).toBeEmptyDOMElement();
    await expect(args.onCopied).not.toHaveBeenCalled();
  },
};

/** Success: the value is on the clipboard, a check replaces the icon and "Copied" is announced. */
export const Copied: Story = {
  beforeEach: stubClipboard("resolves"),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole("button", { name: "Copy referral link" });
    await userEvent.click(button);
    await expect(writeText).toHaveBeenCalledWith(referralLink);
    await waitFor(() => expect(args.onCopied).toHaveBeenCalledWith(referralLink));
    await expect(button).toHaveAttribute("data-state", "copied");
    await expect(button.querySelector("svg")).toHaveClass("lucide-check");
    await expect(canvas.getByRole("status")).toHaveTextContent("Copied");
    await expect(args.onCopyFailed).not.toHaveBeenCalled();
  },
};

/** With a visible label the text itself switches to "Copied". */
export const CopiedWithLabel: Story = {
  args: { showLabel: true, label: undefined },
  beforeEach: stubClipboard("resolves"),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Copy" }));
    await expect(await canvas.findByRole("button", { name: "Copied" })).toHaveAttribute("data-state", "copied");
    await expect(args.onCopied).toHaveBeenCalledOnce();
  },
};

/** The clipboard refuses: onCopyFailed gets the error, an alert icon and "Couldn't copy" show. */
export const CopyFailed: Story = {
  args: { showLabel: true, label: undefined },
  beforeEach: stubClipboard("rejects"),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Copy" }));
    const button = await canvas.findByRole("button", { name: "Couldn’t copy" });
    await expect(button).toHaveAttribute("data-state", "failed");
    await expect(button.querySelector("svg")).toHaveClass("lucide-circle-alert");
    await expect(canvas.getByRole("status")).toHaveTextContent("Couldn’t copy");
    await expect(args.onCopyFailed).toHaveBeenCalledOnce();
    await expect(args.onCopyFailed).toHaveBeenCalledWith(expect.objectContaining({ name: "NotAllowedError" }));
    await expect(args.onCopied).not.toHaveBeenCalled();
  },
};

/** No Clipboard API at all (an http:// page): the same failure path. */
export const ClipboardUnavailable: Story = {
  beforeEach: stubClipboard("missing"),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole("button", { name: "Copy referral link" });
    await userEvent.click(button);
    await waitFor(() => expect(args.onCopyFailed).toHaveBeenCalledOnce());
    await expect(button).toHaveAttribute("data-state", "failed");
    await expect(canvas.getByRole("status")).toHaveTextContent("Couldn’t copy");
  },
};

/** The feedback fades back to the copy icon after `feedbackMs`. */
export const FeedbackResets: Story = {
  args: { feedbackMs: 300 },
  beforeEach: stubClipboard("resolves"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole("button", { name: "Copy referral link" });
    await userEvent.click(button);
    await expect(button).toHaveAttribute("data-state", "copied");
    await waitFor(() => expect(button).toHaveAttribute("data-state", "idle"));
    await expect(canvas.getByRole("status")).toBeEmptyDOMElement();
  },
};

/** French labels come from the ui namespace. */
export const French: Story = {
  args: { showLabel: true, label: undefined },
  globals: { locale: "fr" },
  beforeEach: stubClipboard("resolves"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Copier" }));
    await expect(await canvas.findByRole("button", { name: "Copié" })).toBeVisible();
  },
};
