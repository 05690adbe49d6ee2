import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import NotFoundIsland from "./NotFoundIsland";

const meta = { title: "Islands/NotFound", component: NotFoundIsland, parameters: { layout: "fullscreen" } } satisfies Meta<
  typeof NotFoundIsland
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading")).toHaveTextContent("Resource Not Found");
  },
};
