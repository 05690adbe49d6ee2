import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { $toasts } from "@/stores/toasts";
import { merchantApi } from "@/stores/merchant-api";
import { answering, failing } from "@/testing/msw/overrides";
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

/** A page whose permission the merchant lacks: the permission screen, not a logout. */
export const PageWithoutPermission: Story = {
  args: { permission: "quickpay" },
  parameters: { merchantSession: { settings: { permissions: [] } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "You don't have access to this page" })).toBeVisible();
    await expect(c.queryByText("Referral code ABCD2345")).toBeNull();
    await expect(c.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute("href", "/dashboard");
  },
};

export const PageWithoutPermissionFrenchPhone: Story = {
  ...PageWithoutPermission,
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Vous n’avez pas accès à cette page" })).toBeVisible();
    await expect(c.getByRole("link", { name: "Retour au tableau de bord" })).toBeVisible();
  },
};

/**
 * The cached session still lists the permission but the server has withdrawn it: its 403 turns
 * the page into the permission screen, with no 'session expired' toast and no logout.
 */
export const PermissionWithdrawnOnTheServer: Story = {
  args: {
    permission: "quickpay",
    children: () => {
      void merchantApi.get("/quick-pays").catch(() => {});
      return <h1 className="text-2xl font-bold">zLink</h1>;
    },
  },
  parameters: {
    msw: { handlers: [failing("get", "/api/quick-pays", 403, "permission_denied", "Your account does not have access to this feature")] },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "You don't have access to this page" })).toBeVisible();
    await expect($toasts.get()).toEqual([]);
  },
};

/** A page built for sandbox, served by a production server: the server's word hides production access. */
export const ProductionServer: Story = {
  // The cached user stays as it is; only the server's mode is new.
  parameters: { msw: { handlers: [answering("get", "/api/session", { data: { user: {}, mode: "production" } })] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await waitFor(() => expect(c.queryByRole("button", { name: "Get Production access" })).toBeNull());
  },
};

/** The language switcher in the profile menu: choosing Français redraws the shell in French. */
export const LanguageSwitcher: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Profile menu for 9xQe…VFin" }));
    const menu = await within(document.body).findByRole("menu");
    await expect(within(menu).getByRole("menuitemradio", { name: "English" })).toHaveAttribute("aria-checked", "true");
    await userEvent.click(within(menu).getByRole("menuitemradio", { name: "Français" }));
    await expect(await within(c.getByRole("navigation")).findByRole("link", { name: "Tableau de bord" })).toBeVisible();
    await userEvent.click(c.getByRole("button", { name: "Menu du profil pour 9xQe…VFin" }));
    await expect(within(await within(document.body).findByRole("menu")).getByRole("menuitemradio", { name: "Français" })).toHaveAttribute("aria-checked", "true");
  },
};

/** The profile menu open on a phone in French: the language choices under the address. */
export const LanguageMenuFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Menu du profil pour 9xQe…VFin" }));
    const menu = await within(document.body).findByRole("menu");
    await expect(within(menu).getByRole("menuitemradio", { name: "Français" })).toHaveAttribute("aria-checked", "true");
    await expect(within(menu).getByRole("menuitemradio", { name: "English" })).toBeVisible();
  },
};
