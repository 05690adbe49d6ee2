import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import HomeIsland from "./HomeIsland";

const meta = {
  title: "Islands/Home",
  component: HomeIsland,
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof HomeIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** i18next is already initialised by the preview, so the island renders at once. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { level: 1 })).toHaveTextContent("Welcome");
  },
};
