import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { sampleDonates } from "@/testing/msw/donate-fixtures";
import { DonatesTable } from "./donates-table";

const meta = {
  title: "Donations/DonatesTable",
  component: DonatesTable,
  parameters: { layout: "padded" },
  args: { rows: sampleDonates, timeZone: "UTC", onDonations: fn(), onCopyLink: fn(), onEdit: fn(), onInstructions: fn() },
} satisfies Meta<typeof DonatesTable>;
export default meta;
type Story = StoryObj<typeof meta>;

const row = (canvasElement: HTMLElement, orderId: string) => within(canvasElement).getByText(orderId).closest("tr")!;

/** Every column: suggestions, what was raised per token, the count, Active / Disabled. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const shelter = row(canvasElement, "Dn4tE7kQw2Xp");
    await expect(shelter).toHaveTextContent("Winter shelter fund");
    await expect(shelter).toHaveTextContent("5.00 USD · 10.00 USD · 25.00 USD");
    await expect(shelter).toHaveTextContent("35.5 USDC");
    await expect(shelter).toHaveTextContent("5 USDT");
    await expect(within(shelter).getByText("Active")).toBeVisible();
    await expect(row(canvasElement, "Tp8jR3mZa6Lc")).toHaveTextContent("1 USDC · 2.5 USDC");
    await expect(within(row(canvasElement, "Ol9dC1vBn5Hs")).getByText("Disabled")).toBeVisible();
    await expect(c.getAllByRole("button", { name: /^Actions for / })).toHaveLength(2);
    await expect(c.getByRole("button", { name: "Copy link of Ol9dC1vBn5Hs" })).toBeDisabled();
    await userEvent.click(c.getByRole("button", { name: "Donations of Ol9dC1vBn5Hs" }));
    await expect(args.onDonations).toHaveBeenCalledWith(sampleDonates[2]);
    await userEvent.click(c.getByRole("button", { name: "Copy link of Dn4tE7kQw2Xp" }));
    await expect(args.onCopyLink).toHaveBeenCalledWith(sampleDonates[0]);
  },
};

/** The row menu: Edit and View Instructions. */
export const RowMenu: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Actions for Dn4tE7kQw2Xp" }));
    const menu = await within(document.body).findByRole("menu");
    await expect(within(menu).getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Edit", "View Instructions"]);
    await userEvent.click(within(menu).getByRole("menuitem", { name: "View Instructions" }));
    await waitFor(() => expect(args.onInstructions).toHaveBeenCalledWith(sampleDonates[0]));
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("cell", { name: "Receive support — create your donation page now!" })).toBeVisible();
  },
};

export const Loading: Story = {
  args: { rows: [], loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("table")).toHaveAttribute("aria-busy", "true");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const shelter = row(canvasElement, "Dn4tE7kQw2Xp");
    await expect(shelter).toHaveTextContent("5,00 USD · 10,00 USD · 25,00 USD");
    await expect(within(row(canvasElement, "Ol9dC1vBn5Hs")).getByText("Désactivée")).toBeVisible();
  },
};

/** On a phone every page is a card; nothing scrolls sideways. */
export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const shelter = row(canvasElement, "Dn4tE7kQw2Xp");
    await expect(within(shelter).getByRole("button", { name: "Donations of Dn4tE7kQw2Xp" })).toBeVisible();
    await expect(within(shelter).getByRole("button", { name: "Actions for Dn4tE7kQw2Xp" })).toBeVisible();
  },
};

export const EmptyOnPhone: Story = {
  globals: { viewport: { value: "phone" } },
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("cell", { name: "Receive support — create your donation page now!" })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
