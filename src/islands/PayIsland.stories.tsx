import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import PayIsland from "./PayIsland";

const meta = { title: "Islands/Pay", component: PayIsland, parameters: { layout: "fullscreen" } } satisfies Meta<typeof PayIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithUnknownId: Story = {
  args: { search: "?p=abc" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("status")).toHaveTextContent("does not exist");
  },
};
