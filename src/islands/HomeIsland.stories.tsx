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

/**
 * Signed out (the preview clears the session): the landing page and its way in. i18next is
 * already initialised by the preview, so the island renders at once. (A signed-in merchant is sent
 * on to the dashboard: `homeRedirect`'s unit test and the e2e smoke journey cover it.)
 */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toHaveTextContent("Welcome");
    await expect(c.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth");
  },
};
