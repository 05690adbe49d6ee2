import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { samplePoints } from "@/testing/msw/rewards-fixtures";
import PointsIsland from "./PointsIsland";

const meta = {
  title: "Islands/Points",
  component: PointsIsland,
  parameters: { layout: "fullscreen", merchantSession: true, serverData: { points: samplePoints } },
  args: { isProduction: false },
  beforeEach: () => finishTour(),
} satisfies Meta<typeof PointsIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /points in the merchant shell: the points earned and the two programme cards. */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Points" })).toBeVisible();
    await expect(await c.findByText("Points Earned")).toBeVisible();
  },
};

export const SignedInFrenchPhone: Story = { globals: { locale: "fr", viewport: { value: "phone" } } };
