import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { stubClipboard } from "@/testing/clipboard";
import { ReferralLinkCard } from "./referral-link-card";

let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: "Dashboard/ReferralLinkCard",
  component: ReferralLinkCard,
  args: { origin: "https://app.zpay.example", referralCode: "ABCD2345" },
  parameters: { toastBar: true },
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
    clipboard = stubClipboard("resolves");
    return () => clipboard.restore();
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Copy referral link" }));
    await waitFor(() => expect(within(document.body).getByText("Referral link copied to clipboard!")).toBeVisible());
    await expect(clipboard.writeText).toHaveBeenCalledWith("https://app.zpay.example/?r=ABCD2345");
  },
};
