import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { stubClipboard } from "@/testing/clipboard";
import { sampleDonates, sampleDonations } from "@/testing/msw/donate-fixtures";
import { STORY_USER_ID, storyWallet } from "@/testing/msw/fixtures";
import { failing, stalled } from "@/testing/msw/overrides";
import { storyServer } from "@/testing/msw/store";
import { DonatesPage } from "./donates-page";

let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: "Donations/DonatesPage",
  component: DonatesPage,
  parameters: {
    layout: "padded",
    merchantSession: true,
    toastBar: true,
    serverData: { donates: sampleDonates, donations: sampleDonations, wallets: [storyWallet] },
  },
  args: { api: merchantApi, userId: STORY_USER_ID, billingCurrency: "USD", exampleHost: "http://localhost:4321", timeZone: "UTC", onSaved: fn() },
  beforeEach: () => {
    clipboard = stubClipboard("resolves");
    return clipboard.restore;
  },
} satisfies Meta<typeof DonatesPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("Donations");
    await expect(await c.findByRole("cell", { name: "Dn4tE7kQw2Xp" })).toBeVisible();
    await expect(c.getAllByRole("row")).toHaveLength(1 + sampleDonates.length);
  },
};

export const Empty: Story = {
  parameters: { serverData: { donates: [], wallets: [] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("cell", { name: "Receive support — create your donation page now!" })).toBeVisible();
    await expect(await c.findByText("Your links cannot be paid yet: attach a receiving wallet so that your customers can pay them.")).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [stalled()] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("table")).toHaveAttribute("aria-busy", "true");
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/donates")] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("Something went wrong");
  },
};

/** Create Donation Page → fill → Create: the toast, the new row on top, onSaved. */
export const CreatePage: Story = {
  parameters: { serverData: { donates: [] } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await c.findByRole("cell", { name: "Receive support — create your donation page now!" });
    await userEvent.click(c.getByRole("button", { name: "Create Donation Page" }));
    const dialog = await body().findByRole("dialog", { name: "Create Donation Page" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Title" }), "Roof repairs");
    const create = within(dialog).getByRole("button", { name: "Create" });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await expect(await body().findByText("Donation page created successfully")).toBeVisible();
    await expect(await c.findByText("Roof repairs")).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/donates/create")).toEqual([
      { label: "Roof repairs", desc: "", site: "", currency: "USD", suggestedAmounts: ["5", "10", "25"] },
    ]);
    await expect(args.onSaved).toHaveBeenCalledOnce();
  },
};

export const CopyLink: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Copy link of Dn4tE7kQw2Xp" }));
    await expect(await body().findByText("Link copied to clipboard!")).toBeVisible();
    await expect(clipboard.writeText).toHaveBeenCalledWith("http://localhost:4322/?p=Dn4tE7kQw2Xp");
  },
};

/** Row menu → View Instructions: the shared hosted-link dialog with the donation texts. */
export const Instructions: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Actions for Dn4tE7kQw2Xp" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "View Instructions" }));
    const dialog = await body().findByRole("dialog", { name: "Donation Page Instructions" });
    await expect(within(dialog).getByRole("textbox", { name: "Hosted donation page" })).toHaveValue("http://localhost:4322/?p=Dn4tE7kQw2Xp");
    await expect((within(dialog).getByRole("textbox", { name: "Embed a button" }) as HTMLTextAreaElement).value).toContain(">Winter shelter fund</a>");
  },
};

/** Row menu → Edit → another amount → Update. */
export const EditPage: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Actions for Dn4tE7kQw2Xp" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "Edit" }));
    const dialog = await body().findByRole("dialog", { name: "Update Donation Page" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Add amount" }));
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Suggested amount 4" }), "100");
    await userEvent.click(within(dialog).getByRole("button", { name: "Update" }));
    await expect(await body().findByText("Donation page updated successfully")).toBeVisible();
    await expect(storyServer.bodiesSentTo("PUT", "/api/donates/update/d1")).toEqual([expect.objectContaining({ suggestedAmounts: ["5", "10", "25", "100"], _key: "1" })]);
  },
};

/** Edit → Disable → the warning → Disable: the row reads Disabled, no menu. */
export const DisablePage: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Actions for Dn4tE7kQw2Xp" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "Edit" }));
    const dialog = await body().findByRole("dialog", { name: "Update Donation Page" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Disable" }));
    const warning = await body().findByRole("alertdialog", { name: "Please note" });
    await userEvent.click(within(warning).getByRole("button", { name: "Disable" }));
    await expect(await body().findByText("Disabled successfully")).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/donates/disable/d1")).toEqual([{ _item_id: "d1", _key: "1" }]);
    await waitFor(() => expect(c.queryByRole("button", { name: "Actions for Dn4tE7kQw2Xp" })).toBeNull());
  },
};

/** Donations opens the page's donations with the donors' names and messages. */
export const Donations: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Donations of Dn4tE7kQw2Xp" }));
    const dialog = await body().findByRole("dialog", { name: "Donations" });
    await expect(await within(dialog).findByText("Ana Lima")).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription("Donations to Winter shelter fund, newest first");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("button", { name: "Créer une page de dons" })).toBeVisible();
    await expect(await c.findByText("Winter shelter fund")).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("cell", { name: "Dn4tE7kQw2Xp" })).toBeInTheDocument();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
