import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import type { SessionUser } from "@/stores/session";
import { MerchantPage } from "./merchant-page";

const meta = {
  title: "AppShell/MerchantPage",
  component: MerchantPage,
  parameters: { layout: "fullscreen", merchantSession: true },
  args: {
    isProduction: false,
    children: (user: SessionUser) => (
      <>
        <h1 className="text-2xl font-bold">Overview</h1>
        <p className="mt-2 text-sm">Referral code {user.referralCode}</p>
      </>
    ),
  },
  beforeEach: () => finishTour(),
} satisfies Meta<typeof MerchantPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The signed-in merchant's screen inside the shell: their menu, their address, the page gets the user. */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(c.getByText("Referral code ABCD2345")).toBeVisible();
    await expect(c.getByRole("button", { name: "Profile menu for 9xQe…VFin" })).toBeVisible();
    await expect(c.getByRole("button", { name: "Get Production access" })).toBeVisible();
    const nav = c.getByRole("navigation");
    await expect(within(nav).getByRole("link", { name: "zLink" })).toHaveAttribute("href", "/quick-pays");
  },
};

/** A merchant whose settings grant no product: zLink is not in the menu; production build. */
export const WithoutZLinkPermissionInProduction: Story = {
  args: { isProduction: true },
  parameters: { merchantSession: { settings: { permissions: [] } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const nav = await c.findByRole("navigation");
    await expect(within(nav).getAllByRole("link").map((a) => a.textContent)).toEqual(["zPay", "Dashboard", "Orders", "Referral", "Settings", "External API Docs"]);
    await expect(c.queryByRole("button", { name: "Get Production access" })).toBeNull();
  },
};

/** At 360 px the side menu is behind the menu button; it opens over the page. */
export const PhoneMenuOpen: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Open menu" }));
    const dialog = await within(document.body).findByRole("dialog");
    await expect(within(dialog).getByRole("link", { name: "zLink" })).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("button", { name: "Menu du profil pour 9xQe…VFin" })).toBeVisible();
    await expect(within(c.getByRole("navigation")).getByRole("link", { name: "Tableau de bord" })).toBeVisible();
  },
};
