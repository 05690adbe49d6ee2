import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { PERMISSIONS } from "@/lib/permissions";
import { merchantApi } from "@/stores/merchant-api";
import { finishTour, resetOnboarding } from "@/stores/onboarding";
import { failing } from "@/testing/msw/overrides";
import { storyServer } from "@/testing/msw/store";
import { AppShell } from "./app-shell";

const address = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";

const meta = {
  title: "AppShell/AppShell",
  component: AppShell,
  // Signed in, so the production-access request reaches the story server with a live token.
  parameters: { layout: "fullscreen", merchantSession: true },
  args: {
    address,
    access: { permissions: ["quickpay", "collect", "bills", "invoices", "donate", "checkout"], rampOnly: false },
    currentPath: "/dashboard",
    api: merchantApi,
    isProduction: false,
    onLogout: fn(),
    unbuilt: new Set<string>(),
    children: <h1 className="text-2xl font-bold">Overview</h1>,
  },
  // A returning merchant: the tour has been seen (stories that need it reset the flag).
  beforeEach: () => finishTour(),
} satisfies Meta<typeof AppShell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DefaultMerchant: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation");
    await expect(within(nav).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(within(nav).queryByRole("link", { name: "Admin stats" })).toBeNull();
    await expect(within(nav).getByText("NFT Store")).toBeVisible();
    await expect(within(nav).getByRole("link", { name: "External API Docs" })).toHaveAttribute("target", "_blank");
  },
};

export const AdminMerchant: Story = {
  args: { access: { permissions: [...PERMISSIONS], rampOnly: true } },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation");
    await expect(within(nav).getByRole("link", { name: "Admin Billing" })).toBeVisible();
    await expect(within(nav).getByRole("link", { name: "Admin stats" })).toHaveAttribute("href", "/admin-stats");
    await expect(within(nav).getByRole("link", { name: "Admin Map Transactions" })).toHaveAttribute("href", "/admin-transactions");
  },
};

export const ProductionRequested: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Get Production access" }));
    await waitFor(() =>
      expect(within(document.body).getByText("Request sent. You'll receive an email for next steps shortly")).toBeVisible(),
    );
    await expect(storyServer.bodiesSentTo("POST", "/api/request/production")).toHaveLength(1);
  },
};

export const ProductionRequestFailed: Story = {
  parameters: { msw: { handlers: [failing("post", "/api/request/production", 429, "rate_limited", "Too many attempts")] } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Get Production access" }));
    await waitFor(() => expect(within(document.body).getByText("Too many attempts")).toBeVisible());
  },
};

export const InProduction: Story = {
  args: { isProduction: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("button", { name: "Get Production access" })).toBeNull();
  },
};

export const ProfileMenuLogout: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "Profile menu for 9xQe…VFin" });
    await expect(trigger).toHaveTextContent("9xQe…VFin");
    await userEvent.click(trigger);
    await userEvent.click(await within(document.body).findByRole("menuitem", { name: "Logout" }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

/** SPEC §2 profile menu: the full address, Settings (→ /settings) and Logout. */
export const ProfileMenuOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Profile menu for 9xQe…VFin" }));
    const menu = await within(document.body).findByRole("menu");
    await expect(within(menu).getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Settings", "Logout"]);
    await expect(within(menu).getByRole("menuitem", { name: "Settings" })).toHaveAttribute("href", "/settings");
  },
};

export const PointsComingSoon: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Points" }));
    await expect(await within(document.body).findByText("The points system is coming soon.")).toBeVisible();
  },
};

export const PhoneMenuOpen: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Open menu" }));
    const dialog = await within(document.body).findByRole("dialog");
    await expect(within(dialog).getByRole("link", { name: "zLink" })).toBeVisible();
  },
};

export const French: Story = { globals: { locale: "fr" } };

/** A first visit: the tour opens by itself on step 1/4 and points at the side menu. */
export const FirstVisitTour: Story = {
  beforeEach: () => {
    resetOnboarding();
    return finishTour;
  },
  play: async () => {
    const tour = await within(document.body).findByRole("dialog", { name: "Your tools" });
    await expect(tour).toHaveTextContent("1/4");
    await userEvent.click(within(tour).getByRole("button", { name: "Next" }));
    await expect(within(document.body).getByRole("dialog", { name: "Points" })).toHaveTextContent("2/4");
  },
};

/** The help button replays the tour; 'All Done!' on the last step closes it. */
export const TourReplayedToTheEnd: Story = {
  args: { isProduction: true },
  play: async ({ canvasElement }) => {
    await expect(within(document.body).queryByRole("dialog")).toBeNull();
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Guided tour" }));
    const tour = await within(document.body).findByRole("dialog", { name: "Your tools" });
    await expect(tour).toHaveTextContent("1/3");
    await userEvent.click(within(tour).getByRole("button", { name: "Next" }));
    await userEvent.click(within(tour).getByRole("button", { name: "Next" }));
    await expect(tour).toHaveTextContent("3/3");
    await userEvent.click(within(tour).getByRole("button", { name: "All Done!" }));
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).toBeNull());
  },
};
