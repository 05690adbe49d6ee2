import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { sampleReferrals } from "@/testing/msw/rewards-fixtures";
import ReferralIsland from "./ReferralIsland";

const meta = {
  title: "Islands/Referral",
  component: ReferralIsland,
  parameters: { layout: "fullscreen", merchantSession: true, serverData: { referrals: sampleReferrals(3) } },
  args: { isProduction: false },
  beforeEach: () => finishTour(),
} satisfies Meta<typeof ReferralIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /referral in the merchant shell: the merchant's link (their referral code on this origin) and three referees. */
export const WithReferrals: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Referral" })).toBeVisible();
    await expect(c.getByText(`${window.location.origin}/?r=ABCD2345`)).toBeVisible();
    const list = await c.findByRole("list", { name: "Referrals, newest first" });
    await expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    await expect(within(list).getByText("grace.hopper")).toBeVisible();
  },
};

export const WithReferralsFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Parrainage" })).toBeVisible();
    await expect(await c.findByText("grace.hopper")).toBeVisible();
  },
};
