import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { SettingsHome } from "./settings-home";

const meta = {
  title: "Settings/SettingsHome",
  component: SettingsHome,
} satisfies Meta<typeof SettingsHome>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The settings that exist: Deposits, a link to its page. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("Settings");
    await expect(c.getByRole("link", { name: /Deposits/ })).toHaveAttribute("href", "/settings/deposits");
    await expect(c.getAllByRole("link")).toHaveLength(1);
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: /Dépôts/ })).toBeVisible();
  },
};

export const Phone: Story = { globals: { viewport: { value: "phone" } } };
