import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { storyWallet } from "@/testing/msw/fixtures";
import SettingsIsland from "./SettingsIsland";

const meta = {
  title: "Islands/Settings",
  component: SettingsIsland,
  parameters: { layout: "fullscreen", merchantSession: true, serverData: { wallets: [storyWallet] } },
  args: { isProduction: false, pathname: "/settings" },
  beforeEach: () => finishTour(),
} satisfies Meta<typeof SettingsIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /settings: the sections list (Deposits). */
export const Settings: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toHaveTextContent("Settings");
    await expect(c.getByRole("link", { name: /Deposits/ })).toHaveAttribute("href", "/settings/deposits");
  },
};

/** /settings/deposits: the attached wallet. */
export const Deposits: Story = {
  args: { pathname: "/settings/deposits" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toHaveTextContent("Deposits");
    await expect(await c.findByText("Entered manually")).toBeVisible();
  },
};

/** /settings/notifications: the e-mail notifications panel. */
export const Notifications: Story = {
  args: { pathname: "/settings/notifications" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toHaveTextContent("Notifications");
    await expect(await c.findByRole("switch", { name: "E-mail me about payments" })).toBeVisible();
  },
};

/** /settings/security: the webhook form and the delivery log. */
export const Security: Story = {
  args: { pathname: "/settings/security" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toHaveTextContent("Security");
    await expect(await c.findByRole("textbox", { name: "API webhook endpoint" })).toBeVisible();
  },
};
