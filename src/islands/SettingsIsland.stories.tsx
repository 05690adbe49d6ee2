import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { STORY_USER_ID, fakeMerchantApi, routeFetchTo, storyWallet } from "@/components/zlink/story-fixtures";
import { finishTour } from "@/stores/onboarding";
import { clearSession, setSession } from "@/stores/session";
import SettingsIsland from "./SettingsIsland";

const meta = {
  title: "Islands/Settings",
  component: SettingsIsland,
  parameters: { layout: "fullscreen" },
  args: { isProduction: false, pathname: "/settings" },
  beforeEach: () => {
    finishTour();
    setSession({
      _id: STORY_USER_ID,
      publicKey: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
      email: null,
      acceptedTerms: true,
      referralCode: "ABCD2345",
      token: "story-token",
      validTill: new Date(Date.now() + 3600_000).toISOString(),
      settings: { permissions: ["quickpay"], rampOnly: false, isOnboarded: true },
    });
    const restore = routeFetchTo(fakeMerchantApi({ wallets: [storyWallet] }));
    return () => {
      restore();
      clearSession();
    };
  },
} satisfies Meta<typeof SettingsIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /settings: the sections list (Deposits). */
export const Settings: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toHaveTextContent("Settings");
    await expect(c.getByRole("link", { name: /Deposits/ })).toHaveAttribute("href", "/settings/deposits");
  },
};

/** /settings/deposits: the attached wallet. */
export const Deposits: Story = {
  args: { pathname: "/settings/deposits" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toHaveTextContent("Deposits");
    await expect(await c.findByText("Entered manually")).toBeVisible();
  },
};
