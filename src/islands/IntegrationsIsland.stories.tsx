import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import IntegrationsIsland from "./IntegrationsIsland";

const meta = {
  title: "Islands/Integrations",
  component: IntegrationsIsland,
  parameters: { layout: "fullscreen", merchantSession: true },
  args: { isProduction: false },
  beforeEach: () => finishTour(),
} satisfies Meta<typeof IntegrationsIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /integrations in the merchant shell: the three groups of tiles, Shopify marked as coming (no plugin is published). */
export const Tiles: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Integrations" })).toBeVisible();
    await expect(c.queryByRole("link", { name: /Shopify/ })).toBeNull();
    await expect(c.getByRole("button", { name: /Node\.js/ })).toHaveTextContent("View instructions");
  },
};

export const TilesFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Intégrations" })).toBeVisible();
    await expect(c.queryByRole("link", { name: /Shopify/ })).toBeNull();
  },
};
