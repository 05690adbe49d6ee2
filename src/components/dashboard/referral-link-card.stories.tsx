import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { ToastBar } from "@/components/ui/toast-bar";
import { clearToasts } from "@/stores/toasts";
import { ReferralLinkCard } from "./referral-link-card";

const meta = {
  title: "Dashboard/ReferralLinkCard",
  component: ReferralLinkCard,
  args: { origin: "https://app.zpay.example", referralCode: "ABCD2345" },
  decorators: [
    (Story) => (
      <>
        <Story />
        <ToastBar />
      </>
    ),
  ],
} satisfies Meta<typeof ReferralLinkCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("https://app.zpay.example/?r=ABCD2345")).toBeVisible();
  },
};

export const Copied: Story = {
  beforeEach: () => {
    const original = navigator.clipboard;
    const written: string[] = [];
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: async (v: string) => void written.push(v) } });
    return () => {
      Object.defineProperty(navigator, "clipboard", { configurable: true, value: original });
      clearToasts();
    };
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Copy referral link" }));
    await waitFor(() => expect(within(document.body).getByText("Referral link copied to clipboard!")).toBeVisible());
  },
};
