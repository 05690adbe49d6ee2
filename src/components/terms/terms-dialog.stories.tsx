import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { TermsDialog } from "./terms-dialog";

const meta = {
  title: "Terms/TermsDialog",
  component: TermsDialog,
  args: { open: true, onAccept: fn(async () => {}), onReject: fn() },
  parameters: { toastBar: true },
} satisfies Meta<typeof TermsDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole("dialog");

export const Default: Story = {
  play: async ({ args }) => {
    await expect(within(dialog()).getByRole("heading", { name: "Terms of service" })).toBeVisible();
    await userEvent.click(within(dialog()).getByRole("button", { name: "Accept" }));
    await expect(args.onAccept).toHaveBeenCalledOnce();
  },
};

export const Accepting: Story = {
  args: { onAccept: fn(() => new Promise<void>(() => {})) },
  play: async () => {
    await userEvent.click(within(dialog()).getByRole("button", { name: "Accept" }));
    await expect(within(dialog()).getByRole("button", { name: "Accepting…" })).toBeDisabled();
    await expect(within(dialog()).getByRole("button", { name: "Reject" })).toBeDisabled();
  },
};

export const AcceptFailed: Story = {
  args: { onAccept: fn(async () => Promise.reject(new Error("500"))) },
  play: async () => {
    await userEvent.click(within(dialog()).getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(within(document.body).getByText("Failed to sign in")).toBeVisible());
    await expect(dialog()).toBeVisible();
  },
};

export const Rejected: Story = {
  play: async ({ args }) => {
    await userEvent.click(within(dialog()).getByRole("button", { name: "Reject" }));
    await expect(args.onReject).toHaveBeenCalledOnce();
    await expect(args.onAccept).not.toHaveBeenCalled();
  },
};

export const French: Story = { globals: { locale: "fr" } };
