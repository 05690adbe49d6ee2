import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { sampleCatalog, sampleCheckouts } from "@/testing/msw/cart-fixtures";
import { storyWallet } from "@/testing/msw/fixtures";
import CheckoutsIsland from "./CheckoutsIsland";

const meta = {
  title: "Islands/Checkouts",
  component: CheckoutsIsland,
  parameters: { layout: "fullscreen", merchantSession: { settings: { permissions: ["quickpay", "checkout"] } }, serverData: { catalog: sampleCatalog, checkouts: sampleCheckouts, wallets: [storyWallet] } },
  args: { isProduction: false },
  beforeEach: () => finishTour(),
} satisfies Meta<typeof CheckoutsIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /checkouts in the merchant shell: zCart in the menu, the catalogue and the checkouts. */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toHaveTextContent("zCart");
    await expect(await c.findByRole("cell", { name: sampleCheckouts[0].hashedId })).toBeVisible();
  },
};

export const SignedInFrenchPhone: Story = { globals: { locale: "fr", viewport: { value: "phone" } } };
