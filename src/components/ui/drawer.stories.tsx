import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Drawer } from "./drawer";

const items = ["Dashboard", "Orders", "zLink", "zRequest", "zInvoice", "Referral", "Settings"];

const meta = {
  title: "UI/Drawer",
  component: Drawer,
  args: {
    children: items.map((item) => (
      <a
        key={item}
        href={`#${item.toLowerCase()}`}
        aria-current={item === "zLink" ? "page" : undefined}
        className="rounded-md px-3 py-2 text-sm font-medium hover:bg-accent aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground"
      >
        {item}
      </a>
    )),
  },
  decorators: [
    (Story) => (
      <div className="flex h-96 overflow-hidden rounded-md border">
        <Story />
        <main className="flex-1 p-4 text-sm text-muted-foreground">Page content</main>
      </div>
    ),
  ],
} satisfies Meta<typeof Drawer>;
export default meta;
type Story = StoryObj<typeof meta>;

const mobile = { viewport: { value: "mobile2", isRotated: false } };
const desktop = { viewport: { value: "desktop", isRotated: false } };

/** Wide screen (responsive mode): the navigation is a permanent 249 px aside, no menu button. */
export const Desktop: Story = {
  globals: desktop,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole("navigation", { name: "Navigation" });
    await expect(nav).toBeVisible();
    await expect(nav.closest("aside")!.getBoundingClientRect().width).toBe(249);
    await expect(canvas.queryByRole("button", { name: "Open menu" })).not.toBeInTheDocument();
    await expect(within(nav).getByRole("link", { name: "zLink" })).toHaveAttribute("aria-current", "page");
  },
};

/** Phone (responsive mode): only the menu button shows; it opens the panel, Escape closes it. */
export const Mobile: Story = {
  globals: mobile,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("navigation")).not.toBeInTheDocument();
    const button = canvas.getByRole("button", { name: "Open menu" });
    await userEvent.click(button);
    const panel = await within(document.body).findByRole("dialog", { name: "Navigation" });
    await expect(within(panel).getByRole("link", { name: "Settings" })).toBeVisible();
    await expect(panel.getBoundingClientRect().left).toBe(0);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).not.toBeInTheDocument());
    await expect(button).toHaveFocus();
  },
};

/** Phone with the panel open over the dimmed page. */
export const MobileOpen: Story = {
  globals: mobile,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Open menu" }));
    const panel = await within(document.body).findByRole("dialog", { name: "Navigation" });
    await expect(within(panel).getAllByRole("link")).toHaveLength(items.length);
    await expect(panel.getBoundingClientRect().width).toBe(249);
  },
};

/** A click on the dimmed page, or the close button, shuts the panel. */
export const MobileClosesOnOverlay: Story = {
  globals: mobile,
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Open menu" });
    await userEvent.click(button);
    await within(document.body).findByRole("dialog");
    await userEvent.click(document.querySelector<HTMLElement>("[data-slot=drawer-overlay]")!);
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).not.toBeInTheDocument());
    await userEvent.click(button);
    const panel = await within(document.body).findByRole("dialog");
    await userEvent.click(within(panel).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).not.toBeInTheDocument());
  },
};

/** forceMode="permanent" shows the aside whatever the viewport (here a phone). */
export const ForcedPermanent: Story = {
  globals: mobile,
  args: { forceMode: "permanent", width: 200 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("navigation")).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "Open menu" })).not.toBeInTheDocument();
  },
};

/** forceMode="temporary" uses the menu button even on a wide screen. */
export const ForcedTemporary: Story = {
  globals: desktop,
  args: { forceMode: "temporary" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("navigation")).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Open menu" }));
    await expect(await within(document.body).findByRole("navigation", { name: "Navigation" })).toBeVisible();
  },
};
