import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { SettingsTabBar } from "./settings-tab-bar";

const meta = {
  title: "Settings/SettingsTabBar",
  component: SettingsTabBar,
  args: { active: "profile", children: <p>Panel</p> },
} satisfies Meta<typeof SettingsTabBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /settings: the four tabs as links, Profile marked as the current page. */
export const ProfileCurrent: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole("link").map((a) => a.getAttribute("href"))).toEqual(["/settings", "/settings/deposits", "/settings/notifications", "/settings/security"]);
    await expect(c.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
  },
};

/** /settings/security in French on a 360 px phone: all four tabs fit. */
export const SecurityCurrentFrenchPhone: Story = {
  args: { active: "security" },
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: "Sécurité" })).toHaveAttribute("aria-current", "page");
  },
};
