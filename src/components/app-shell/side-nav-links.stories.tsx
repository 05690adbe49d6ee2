import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { PERMISSIONS } from "@/lib/permissions";
import { SideNavLinks, type SideNavLinksProps } from "./side-nav-links";

const everyPermission = { permissions: [...PERMISSIONS], rampOnly: true };

const meta = {
  title: "AppShell/SideNavLinks",
  component: SideNavLinks,
  args: {
    access: { permissions: ["quickpay"], rampOnly: false },
    currentPath: "/dashboard",
  },
  // The shell puts the links in a 249 px navigation landmark.
  decorators: [
    (Story) => (
      <nav aria-label="Navigation" className="w-[249px]">
        <Story />
      </nav>
    ),
  ],
} satisfies Meta<typeof SideNavLinks>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every item of SPEC §2's menu (all permissions, every screen built), in order. */
export const AllItems: Story = {
  args: { access: everyPermission, unbuilt: new Set<string>() },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Dashboard",
      "Orders",
      "Unmapped",
      "Donations",
      "zLink",
      "zRequest",
      "zInvoice",
      "zCart",
      "Invoices",
      "zRamp",
      "zAPI",
      "NFT StoreComing soon",
      "RoutesComing soon",
      "Referral",
      "Settings",
      "Admin stats",
      "Admin Map Transactions",
      "Admin Billing",
      "External API Docs",
    ]);
    await expect(c.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    // Coming-soon items are marked, not links.
    await expect(c.queryByRole("link", { name: /NFT Store/ })).toBeNull();
    const docs = c.getByRole("link", { name: "External API Docs" });
    await expect(docs).toHaveAttribute("href", "/api/docs");
    await expect(docs).toHaveAttribute("target", "_blank");
    await expect(docs).toHaveAttribute("rel", "noopener noreferrer");
  },
};

/** A merchant with only zLink (and so zRamp), as the app ships today: no admin items, unbuilt screens hidden. */
export const WithoutAdminPermission: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole("link").map((a) => a.textContent)).toEqual(["Dashboard", "Orders", "zLink", "zRamp", "zAPI", "Referral", "Settings", "External API Docs"]);
    await expect(c.getByRole("link", { name: "zRamp" })).toHaveAttribute("href", "/zramp");
    await expect(c.queryByText("Admin stats")).toBeNull();
    await expect(c.queryByText("zRequest")).toBeNull();
  },
};

/** Following a link moves the current mark (the app's page load, simulated without leaving the story). */
function Navigating(props: SideNavLinksProps) {
  const [path, setPath] = useState(props.currentPath);
  return (
    <div
      onClickCapture={(e) => {
        const link = (e.target as HTMLElement).closest("a");
        if (!link || link.target === "_blank") return;
        e.preventDefault();
        setPath(new URL(link.href).pathname);
      }}
    >
      <SideNavLinks {...props} currentPath={path} />
    </div>
  );
}

/** Starts on a zLink sub-page (editing one link), where zLink is current; then Settings is followed. */
export const FollowingALinkMarksItCurrent: Story = {
  args: { currentPath: "/quick-pays/update/a1" },
  render: (args) => <Navigating {...args} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: "zLink" })).toHaveAttribute("aria-current", "page");
    await expect(c.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
    await userEvent.click(c.getByRole("link", { name: "Settings" }));
    await expect(c.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
    await expect(c.getByRole("link", { name: "zLink" })).not.toHaveAttribute("aria-current");
  },
};

export const French: Story = {
  args: { access: everyPermission, unbuilt: new Set<string>() },
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: "Tableau de bord" })).toHaveAttribute("aria-current", "page");
    await expect(c.getAllByText("Bientôt")).toHaveLength(2);
  },
};

/** A ramp-only merchant (ramponly with the rampOnly setting): zRamp without zLink. */
export const RampOnlyMerchant: Story = {
  args: { access: { permissions: ["ramponly"], rampOnly: true } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole("link").map((a) => a.textContent)).toEqual(["Dashboard", "Orders", "zRamp", "Referral", "Settings", "External API Docs"]);
  },
};
