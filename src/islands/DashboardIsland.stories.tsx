import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { fakeMerchantApi, routeFetchTo } from "@/components/zlink/story-fixtures";
import { finishTour } from "@/stores/onboarding";
import { clearSession, setSession } from "@/stores/session";
import DashboardIsland from "./DashboardIsland";

const meta = {
  title: "Islands/Dashboard",
  component: DashboardIsland,
  parameters: { layout: "fullscreen" },
  args: { isProduction: false },
  beforeEach: () => {
    setSession({
      _id: "u1",
      publicKey: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
      email: null,
      acceptedTerms: true,
      referralCode: "ABCD2345",
      token: "story-token",
      validTill: new Date(Date.now() + 3600_000).toISOString(),
      settings: { permissions: ["quickpay"], rampOnly: false, isOnboarded: false },
    });
    // The island refreshes the user from /api/session; Storybook has no API, so answer it here.
    const realFetch = window.fetch;
    window.fetch = async (input, init) =>
      String(input).endsWith("/api/session") ? new Response(JSON.stringify({ message: "offline" }), { status: 503 }) : realFetch(input, init);
    return () => {
      window.fetch = realFetch;
      clearSession();
    };
  },
} satisfies Meta<typeof DashboardIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** With the shell's menu limited to built screens (Dashboard, zLink, Settings, the coming-soon items, API docs). */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await waitFor(() => expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("Overview"));
    await expect(c.getByText(/\?r=ABCD2345/)).toBeVisible();
    await expect(c.getAllByRole("link", { name: "zLink" })[0]).toHaveAttribute("href", "/quick-pays");
    await expect(c.queryByRole("link", { name: "zRequest" })).toBeNull();
  },
};

/** A merchant without a receiving wallet sees the warning with the way to attach one. */
export const WithoutWallet: Story = {
  beforeEach: () => {
    finishTour();
    return routeFetchTo(fakeMerchantApi());
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("You'll not be able to receive payment, unless you attach a wallet address")).toBeVisible();
    await expect(c.getByRole("link", { name: "Attach a wallet" })).toHaveAttribute("href", "/settings/deposits");
  },
};
