import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { STORY_USER_ID, fakeMerchantApi, routeFetchTo, sampleLinks } from "@/components/zlink/story-fixtures";
import { finishTour } from "@/stores/onboarding";
import { clearSession, setSession } from "@/stores/session";
import QuickPaysIsland from "./QuickPaysIsland";

const meta = {
  title: "Islands/QuickPays",
  component: QuickPaysIsland,
  parameters: { layout: "fullscreen" },
  args: { isProduction: false },
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
      billingCurrency: "USD",
    });
    const restore = routeFetchTo(fakeMerchantApi({ links: sampleLinks }));
    return () => {
      restore();
      clearSession();
    };
  },
} satisfies Meta<typeof QuickPaysIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /quick-pays in the merchant shell: zLink in the menu; the links and the wallet warning. */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toHaveTextContent("zLink");
    await expect(c.getAllByRole("link", { name: "zLink" })[0]).toHaveAttribute("href", "/quick-pays");
    await expect(await c.findByRole("cell", { name: "7Hq2kZr9XbNm" })).toBeVisible();
    await expect(await c.findByText(/You'll not be able to receive payment/)).toBeVisible();
  },
};
