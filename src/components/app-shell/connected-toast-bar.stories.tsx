import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { showToast } from "@/stores/toasts";
import { ConnectedToastBar } from "./connected-toast-bar";

const meta = {
  title: "AppShell/ConnectedToastBar",
  component: ConnectedToastBar,
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof ConnectedToastBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing to say: nothing shown. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("alert")).toBeNull();
  },
};

/** What showToast() adds appears; its close button removes it from the store. */
export const ShownThenDismissed: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    showToast({ variant: "error", message: "Current logged-in session has expired, please login again" });
    await waitFor(() => expect(c.getByRole("alert")).toHaveTextContent("Current logged-in session has expired"));
    await userEvent.click(c.getByRole("button", { name: "Dismiss notification" }));
    await waitFor(() => expect(c.queryByRole("alert")).toBeNull());
  },
};

/** A toast that stays until closed, as the page shows it. */
export const Shown: Story = {
  play: async ({ canvasElement }) => {
    showToast({ variant: "success", message: "Wallet address saved", autoClose: false });
    await waitFor(() => expect(within(canvasElement).getByText("Wallet address saved")).toBeVisible());
  },
};
