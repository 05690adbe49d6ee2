import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { STORY_USER_ID, storyWallet } from "@/testing/msw/fixtures";
import { storyProfile } from "@/testing/msw/profile-fixtures";
import SettingsIsland from "./SettingsIsland";

const meta = {
  title: "Islands/Settings",
  component: SettingsIsland,
  parameters: { layout: "fullscreen", merchantSession: true, serverData: { wallets: [storyWallet], profile: storyProfile } },
  args: { isProduction: false, pathname: "/settings" },
  beforeEach: () => finishTour(),
} satisfies Meta<typeof SettingsIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

const tabs = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole("navigation", { name: "Settings sections" }));

/** /settings: the tabs, Profile current, and the profile form. */
export const Profile: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toHaveTextContent("Settings");
    await expect(await c.findByLabelText("Display name")).toHaveValue("Acme Coffee");
    const t = tabs(canvasElement);
    await expect(t.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Profile", "/settings"],
      ["Deposits", "/settings/deposits"],
      ["Notifications", "/settings/notifications"],
      ["Security", "/settings/security"],
    ]);
    await expect(t.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
    await expect(t.getByRole("link", { name: "Deposits" })).not.toHaveAttribute("aria-current");
  },
};

/** /settings/deposits: the Deposits tab current, the attached wallet. */
export const Deposits: Story = {
  args: { pathname: "/settings/deposits" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toHaveTextContent("Settings");
    await expect(await c.findByText("Entered manually")).toBeVisible();
    await expect(tabs(canvasElement).getByRole("link", { name: "Deposits" })).toHaveAttribute("aria-current", "page");
  },
};

/** The stand-alone /profile: the same form, no tabs. */
export const StandAloneProfile: Story = {
  args: { pathname: "/profile" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toHaveTextContent("Profile");
    await expect(await c.findByLabelText("Display name")).toHaveValue("Acme Coffee");
    await expect(c.queryByRole("navigation", { name: "Settings sections" })).toBeNull();
  },
};

export const FrenchProfile: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByLabelText("Nom affiché")).toHaveValue("Acme Coffee");
    await expect(c.getByRole("navigation", { name: "Sections des paramètres" })).toBeVisible();
  },
};

export const FrenchDeposits: Story = {
  globals: { locale: "fr" },
  args: { pathname: "/settings/deposits" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Saisie manuelle")).toBeVisible();
  },
};

export const PhoneProfile: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText("Display name")).toHaveValue("Acme Coffee");
  },
};

export const PhoneDepositsFrench: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  args: { pathname: "/settings/deposits" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Saisie manuelle")).toBeVisible();
  },
};

/** /settings/notifications: the e-mail notifications panel. */
export const Notifications: Story = {
  args: { pathname: "/settings/notifications" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toHaveTextContent("Settings");
    await expect(await c.findByRole("heading", { level: 2, name: "Notifications" })).toBeVisible();
    await expect(tabs(canvasElement).getByRole("link", { name: "Notifications" })).toHaveAttribute("aria-current", "page");
    await expect(await c.findByRole("switch", { name: "E-mail me about payments" })).toBeVisible();
  },
};

/** /settings/security: a link to the API keys' home (zAPI), the webhook form and the delivery log. */
export const Security: Story = {
  args: { pathname: "/settings/security" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1 })).toHaveTextContent("Settings");
    await expect(await c.findByRole("heading", { level: 2, name: "Security" })).toBeVisible();
    await expect(tabs(canvasElement).getByRole("link", { name: "Security" })).toHaveAttribute("aria-current", "page");
    await expect(await c.findByRole("link", { name: "Open API keys" })).toHaveAttribute("href", "/zapi");
    await expect(c.queryByText(STORY_USER_ID)).toBeNull();
    await expect(await c.findByRole("textbox", { name: "API webhook endpoint" })).toBeVisible();
  },
};

/** A merchant who may not open zAPI keeps the API keys card here: the only place to read the webhook signing secret. */
export const SecurityWithoutZapi: Story = {
  args: { pathname: "/settings/security" },
  parameters: { merchantSession: { settings: { permissions: ["bills"] } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText(STORY_USER_ID)).toBeVisible();
    await expect(c.queryByRole("link", { name: "Open API keys" })).toBeNull();
  },
};
