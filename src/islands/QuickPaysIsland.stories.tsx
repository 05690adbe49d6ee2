import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { sampleLinks } from "@/testing/msw/fixtures";
import QuickPaysIsland from "./QuickPaysIsland";

const meta = {
  title: "Islands/QuickPays",
  component: QuickPaysIsland,
  parameters: { layout: "fullscreen", merchantSession: true, serverData: { links: sampleLinks } },
  args: { isProduction: false },
  beforeEach: () => finishTour(),
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
    await expect(await c.findByText(/Your links cannot be paid yet/)).toBeVisible();
  },
};
