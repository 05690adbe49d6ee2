import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { sampleInflows, sampleOpenPayments } from "@/testing/msw/unmapped-fixtures";
import UnmappedIsland from "./UnmappedIsland";

const meta = {
  title: "Islands/Unmapped",
  component: UnmappedIsland,
  parameters: {
    layout: "fullscreen",
    merchantSession: { settings: { permissions: ["quickpay", "mapped"] } },
    serverData: { unmapped: sampleInflows, openPayments: sampleOpenPayments },
  },
  args: { isProduction: false },
  beforeEach: () => finishTour(),
} satisfies Meta<typeof UnmappedIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /unmapped in the merchant shell: Unmapped in the menu (permission `mapped`) and the inflows. */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toHaveTextContent("Unmapped");
    await expect(await c.findByRole("cell", { name: "12.5" })).toBeVisible();
    await expect(c.getAllByRole("link", { name: "Unmapped" })[0]).toHaveAttribute("href", "/unmapped");
  },
};

export const SignedInFrenchPhone: Story = { globals: { locale: "fr", viewport: { value: "phone" } } };
