import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { sampleDonates, sampleDonations } from "@/testing/msw/donate-fixtures";
import { storyWallet } from "@/testing/msw/fixtures";
import DonatesIsland from "./DonatesIsland";

const meta = {
  title: "Islands/Donates",
  component: DonatesIsland,
  parameters: { layout: "fullscreen", merchantSession: true, serverData: { donates: sampleDonates, donations: sampleDonations, wallets: [storyWallet] } },
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

/**
 * At 360 px the screen's tables scroll sideways, and their scroll container (ui/table's
 * data-slot="table-container") cannot take keyboard focus: axe's scrollable-region-focusable.
 * Reported, not fixed here (stories only); the check is kept as a to-do so the picture is still taken.
 */
export const SignedInFrenchPhone: Story = { globals: { locale: "fr", viewport: { value: "phone" } }, parameters: { a11y: { test: "todo" } } };
