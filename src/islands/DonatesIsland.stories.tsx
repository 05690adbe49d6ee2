import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { sampleDonates, sampleDonations } from "@/testing/msw/donate-fixtures";
import { storyWallet } from "@/testing/msw/fixtures";
import DonatesIsland from "./DonatesIsland";

const meta = {
  title: "Islands/Donates",
  component: DonatesIsland,
  parameters: { layout: "fullscreen", merchantSession: { settings: { permissions: ["quickpay", "donate"] } }, serverData: { donates: sampleDonates, donations: sampleDonations, wallets: [storyWallet] } },
  args: { isProduction: false },
  beforeEach: () => finishTour(),
} satisfies Meta<typeof DonatesIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /donates in the merchant shell: the donation pages with their totals. */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toBeVisible();
    await expect(await c.findByRole("cell", { name: sampleDonates[0].hashedId })).toBeVisible();
  },
};

export const SignedInFrenchPhone: Story = { globals: { locale: "fr", viewport: { value: "phone" } } };
