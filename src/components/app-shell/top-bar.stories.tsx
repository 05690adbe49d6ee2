import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Drawer } from "@/components/ui/drawer";
import { merchantApi } from "@/stores/merchant-api";
import { SideNavLinks } from "./side-nav-links";
import { TopBar } from "./top-bar";

const address = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
/** The phone menu button, as the shell passes it. */
const phoneMenu = (
  <Drawer forceMode="temporary">
    <SideNavLinks access={{ permissions: ["quickpay"], rampOnly: false }} currentPath="/dashboard" />
  </Drawer>
);

const meta = {
  title: "AppShell/TopBar",
  component: TopBar,
  parameters: { layout: "fullscreen", merchantSession: true },
  args: { address, api: merchantApi, isProduction: false, onLogout: fn(), onStartTour: fn() },
} satisfies Meta<typeof TopBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A sandbox merchant: 'Get Production access', the tour, points and the profile button; the help button replays the tour. */
export const SandboxMerchant: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("button", { name: "Get Production access" })).toBeEnabled();
    await expect(c.getByRole("button", { name: "Profile menu for 9xQe…VFin" })).toHaveTextContent("9xQe…VFin");
    await userEvent.click(c.getByRole("button", { name: "Guided tour" }));
    await expect(args.onStartTour).toHaveBeenCalledOnce();
  },
};

/** Production builds never offer production access; without a tour handler there is no help button. */
export const InProductionWithoutTour: Story = {
  args: { isProduction: true, onStartTour: undefined },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole("button", { name: "Get Production access" })).toBeNull();
    await expect(c.queryByRole("button", { name: "Guided tour" })).toBeNull();
    await expect(c.getByRole("button", { name: "Points" })).toBeVisible();
    // The points and profile buttons sit at the right edge, not after an absent production button at the left.
    const bar = c.getByRole("banner").getBoundingClientRect();
    const profile = c.getByRole("button", { name: "Profile menu for 9xQe…VFin" }).getBoundingClientRect();
    await expect(bar.right - profile.right).toBeLessThanOrEqual(24);
  },
};

/** The profile menu lists the full address, Settings and Logout; Logout calls the handler. */
export const ProfileMenuLogout: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Profile menu for 9xQe…VFin" }));
    const menu = await within(document.body).findByRole("menu");
    await expect(menu).toHaveTextContent(address);
    await expect(within(menu).getByRole("menuitem", { name: "Settings" })).toHaveAttribute("href", "/settings");
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Logout" }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

/** On a phone in French: menu button, brand and icons on one row, production access on its own full-width row. */
export const PhoneFrench: Story = {
  args: { menu: phoneMenu },
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("button", { name: "Ouvrir le menu" })).toBeVisible();
    const production = c.getByRole("button", { name: "Obtenir l’accès production" }).getBoundingClientRect();
    const profile = c.getByRole("button", { name: "Menu du profil pour 9xQe…VFin" }).getBoundingClientRect();
    const bar = c.getByRole("banner").getBoundingClientRect();
    await expect(production.top).toBeGreaterThanOrEqual(profile.bottom);
    await expect(production.width).toBeGreaterThan(bar.width * 0.8);
  },
};

/** On a 320 px phone the menu button, the name and the three icon buttons share the first row. */
export const PhoneIconsOnOneRow: Story = {
  args: { menu: phoneMenu },
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const top = (name: string) => c.getByRole("button", { name }).getBoundingClientRect().top;
    const menuTop = top("Open menu");
    for (const name of ["Guided tour", "Points", "Profile menu for 9xQe…VFin"]) await expect(Math.abs(top(name) - menuTop)).toBeLessThanOrEqual(4);
    await expect(c.getByText("zPay")).toBeVisible();
    const bar = c.getByRole("banner");
    await expect(bar.scrollWidth).toBeLessThanOrEqual(bar.clientWidth);
  },
};

/** A merchant with points: the counter shows 'Points Earned'; its popover links to the points page. */
export const WithPoints: Story = {
  parameters: { serverData: { points: { pointsEarned: 1415 } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const counter = await c.findByRole("button", { name: "Points 1,415" });
    await expect(within(counter).getByTestId("points-counter")).toHaveTextContent("1,415");
    await userEvent.click(counter);
    const popover = within(document.body).getByRole("dialog", { name: "Points" });
    await expect(popover).toHaveTextContent("The points system is coming soon.");
    await expect(within(popover).getByRole("link", { name: "See your points" })).toHaveAttribute("href", "/points");
  },
};

/** Without points the bar is unchanged (no counter), and the popover still leads to the points page. */
export const NoPointsYet: Story = {
  tags: ["no-screenshot"],
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Points" }));
    await expect(within(document.body).getByRole("link", { name: "See your points" })).toHaveAttribute("href", "/points");
    await expect(c.queryByTestId("points-counter")).toBeNull();
  },
};

/** On a phone in French: the counter stays on the icons' row, its number formatted in French. */
export const WithPointsPhoneFrench: Story = {
  args: { menu: phoneMenu },
  parameters: { serverData: { points: { pointsEarned: 1415 } } },
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const counter = await c.findByRole("button", { name: /^Points 1\s415$/ });
    const profile = c.getByRole("button", { name: "Menu du profil pour 9xQe…VFin" });
    await expect(Math.abs(counter.getBoundingClientRect().top - profile.getBoundingClientRect().top)).toBeLessThanOrEqual(4);
    const bar = c.getByRole("banner");
    await expect(bar.scrollWidth).toBeLessThanOrEqual(bar.clientWidth);
  },
};
