import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { sampleCollects } from "@/testing/msw/collect-fixtures";
import { storyWallet } from "@/testing/msw/fixtures";
import CollectsIsland from "./CollectsIsland";

const meta = {
  title: "Islands/Collects",
  component: CollectsIsland,
  parameters: { layout: "fullscreen", merchantSession: { settings: { permissions: ["quickpay", "collect"] } }, serverData: { collects: sampleCollects, wallets: [storyWallet] } },
  args: { isProduction: false },
  beforeEach: () => finishTour(),
} satisfies Meta<typeof CollectsIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /collects in the merchant shell: zRequest in the menu and the merchant's requests. */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toHaveTextContent("zRequest");
    await expect(await c.findByRole("cell", { name: sampleCollects[0].hashedId })).toBeVisible();
  },
};

export const SignedInFrenchPhone: Story = { globals: { locale: "fr", viewport: { value: "phone" } } };
