import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { sampleReferrals } from "@/testing/msw/rewards-fixtures";
import { ReferralList } from "./referral-list";

const meta = {
  title: "Referral/ReferralList",
  component: ReferralList,
  args: { referrals: sampleReferrals(3), timeZone: "UTC" },
} satisfies Meta<typeof ReferralList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three merchants signed up with the link, newest first. */
export const ThreeReferrals: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("listitem")).toHaveLength(3);
  },
};

/** Nobody yet: the SPEC's empty text. */
export const NoReferralsYet: Story = {
  args: { referrals: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No referrals yet? Share your link and start earning rewards!")).toBeVisible();
  },
};

export const Loading: Story = { args: { referrals: null } };

export const FrenchPhone: Story = { globals: { locale: "fr", viewport: { value: "phone" } } };
