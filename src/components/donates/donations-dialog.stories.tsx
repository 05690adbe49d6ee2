import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { sampleDonates, sampleDonations } from "@/testing/msw/donate-fixtures";
import { failing, stalled } from "@/testing/msw/overrides";
import { DonationsDialog } from "./donations-dialog";

const meta = {
  title: "Donations/DonationsDialog",
  component: DonationsDialog,
  parameters: { merchantSession: true, serverData: { donates: sampleDonates, donations: sampleDonations } },
  args: { open: true, onOpenChange: fn(), api: merchantApi, donate: sampleDonates[0], timeZone: "UTC" },
} satisfies Meta<typeof DonationsDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole("dialog", { name: "Donations" });

/** Newest first: each donor's name (or Anonymous), message, amount and status. */
export const WithDonors: Story = {
  play: async () => {
    const list = await within(dialog()).findByRole("list", { name: "Donations" });
    const items = within(list).getAllByRole("listitem");
    await expect(items).toHaveLength(4);
    await expect(items[0]).toHaveTextContent("Bo");
    await expect(items[0]).toHaveTextContent("No message");
    await expect(within(items[0]).getByText("Verifying")).toBeVisible();
    await expect(items[1]).toHaveTextContent("Ana Lima");
    await expect(items[1]).toHaveTextContent("Keep up the great work — see you at the shelter on Sunday!");
    await expect(items[1]).toHaveTextContent("25.00 USD");
    await expect(items[2]).toHaveTextContent("Anonymous");
    await expect(items[2]).toHaveTextContent("Merci !");
    await expect(items[2]).toHaveTextContent("5 USDT");
  },
};

/** Details opens the donation's transaction details. */
export const Details: Story = {
  play: async () => {
    await userEvent.click(await within(dialog()).findByRole("button", { name: "Details of the donation of Nov 4, 2026, 6:20 PM" }));
    const details = await within(document.body).findByRole("dialog", { name: "Transaction Details" });
    await expect(details).toHaveAccessibleDescription("Payment for Dn4tE7kQw2Xp");
  },
};

export const Empty: Story = {
  args: { donate: sampleDonates[1] },
  play: async () => {
    await expect(await within(dialog()).findByText("No donations yet. Share your page to receive support!")).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [stalled()] } },
  play: async () => {
    await expect(within(dialog()).getByRole("status")).toHaveAttribute("aria-busy", "true");
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/donates/:id/donations")] } },
  play: async () => {
    await expect(await within(dialog()).findByRole("alert")).toHaveTextContent("The donations could not be loaded.");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async () => {
    const d = within(within(document.body).getByRole("dialog", { name: "Dons" }));
    await expect(await d.findAllByText("Anonyme")).toHaveLength(2);
    await expect(d.getByText("25,00 USD")).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async () => {
    await expect(await within(dialog()).findByText("Ana Lima")).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
