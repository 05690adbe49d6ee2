import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { stubClipboard } from "@/testing/clipboard";
import { STORY_USER_ID, sampleLinks, storyWallet } from "@/testing/msw/fixtures";
import { failing, stalled } from "@/testing/msw/overrides";
import { storyServer } from "@/testing/msw/store";
import { ZLinkPage } from "./zlink-page";

let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: "zLink/ZLinkPage",
  component: ZLinkPage,
  parameters: { layout: "padded", merchantSession: true, toastBar: true, serverData: { links: sampleLinks, wallets: [storyWallet] } },
  args: {
    api: merchantApi,
    userId: STORY_USER_ID,
    billingCurrency: "USD",
    exampleHost: "http://localhost:4321",
    timeZone: "UTC",
    onSaved: fn(),
    onSearchHandled: fn(),
  },
  beforeEach: () => {
    clipboard = stubClipboard("resolves");
    return clipboard.restore;
  },
} satisfies Meta<typeof ZLinkPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const Loading: Story = {
  parameters: { msw: { handlers: [stalled()] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("table")).toHaveAttribute("aria-busy", "true");
  },
};

/** A new merchant: no links and no wallet yet, so the empty text and the wallet warning. */
export const Empty: Story = {
  parameters: { serverData: { links: [], wallets: [] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("zLink");
    await expect(await c.findByRole("cell", { name: "Get paid faster — create your zLink now!" })).toBeVisible();
    await expect(await c.findByText("Your links cannot be paid yet: attach a receiving wallet so that your customers can pay them.")).toBeVisible();
  },
};

export const WithLinks: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("cell", { name: "7Hq2kZr9XbNm" })).toBeVisible();
    await expect(c.getAllByRole("row")).toHaveLength(1 + sampleLinks.length);
    await expect(c.queryByText(/Your links cannot be paid yet/)).toBeNull();
  },
};

/** Create Payment Link → fill → Create: the toast, the new row on top, onSaved. */
export const CreateLink: Story = {
  parameters: { serverData: { links: [] } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await c.findByRole("cell", { name: "Get paid faster — create your zLink now!" });
    await userEvent.click(c.getByRole("button", { name: "Create Payment Link" }));
    const dialog = await body().findByRole("dialog", { name: "Create Payment Link" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Amount" }), "25");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    await expect(await body().findByText("Payment Link created successfully")).toBeVisible();
    await waitFor(() => expect(body().queryByRole("dialog")).toBeNull());
    await expect(await c.findByText("25.00 USD")).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/quick-pays/create")).toEqual([
      { label: "Pay Now", desc: "", site: "", price: "25", currency: "USD", userCurrency: "USD" },
    ]);
    await expect(args.onSaved).toHaveBeenCalledOnce();
  },
};

/** Copy Link asks the server for the hosted link and copies it. */
export const CopyLink: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Copy link of 7Hq2kZr9XbNm" }));
    await expect(await body().findByText("Link copied to clipboard!")).toBeVisible();
    await expect(clipboard.writeText).toHaveBeenCalledWith("http://localhost:4322/?p=7Hq2kZr9XbNm");
  },
};

/** Row menu → View Instructions. */
export const Instructions: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Actions for 7Hq2kZr9XbNm" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "View Instructions" }));
    const dialog = await body().findByRole("dialog", { name: "zLink Instructions" });
    await expect(within(dialog).getByRole("textbox", { name: "Hosted payment page" })).toHaveValue("http://localhost:4322/?p=7Hq2kZr9XbNm");
  },
};

/** Row menu → Edit → change the amount → Update. */
export const EditLink: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Actions for 7Hq2kZr9XbNm" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "Edit" }));
    const dialog = await body().findByRole("dialog", { name: "Update Payment Link" });
    const amount = within(dialog).getByRole("textbox", { name: "Amount" });
    await userEvent.clear(amount);
    await userEvent.type(amount, "14");
    await userEvent.click(within(dialog).getByRole("button", { name: "Update" }));
    await expect(await body().findByText("Payment Link updated successfully")).toBeVisible();
    await expect(storyServer.bodiesSentTo("PUT", "/api/quick-pays/update/a1")).toEqual([expect.objectContaining({ price: "14", _key: "1" })]);
    await expect(await within(canvasElement).findByText("14.00 USD")).toBeVisible();
  },
};

/** Edit → Disable → the warning → Disable: 'Disabled successfully', the row reads Disabled, no menu. */
export const DisableLink: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Actions for 7Hq2kZr9XbNm" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "Edit" }));
    const dialog = await body().findByRole("dialog", { name: "Update Payment Link" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Disable" }));
    const warning = await body().findByRole("alertdialog", { name: "Please note" });
    await userEvent.click(within(warning).getByRole("button", { name: "Disable" }));
    await expect(await body().findByText("Disabled successfully")).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/quick-pays/disable/a1")).toEqual([{ _item_id: "a1", _key: "1" }]);
    await waitFor(() => expect(c.queryByRole("button", { name: "Actions for 7Hq2kZr9XbNm" })).toBeNull());
    await expect(c.getByRole("button", { name: "Copy link of 7Hq2kZr9XbNm" })).toBeDisabled();
  },
};

/** A paid row's Details opens the transaction details. */
export const DetailsDialog: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Details of 3fGtYw8LpQsA" }));
    const dialog = await body().findByRole("dialog", { name: "Transaction Details" });
    await expect(dialog).toHaveAccessibleDescription("Payment for 3fGtYw8LpQsA");
  },
};

/** ?open-create=true opens the create dialog once the list is in. */
export const OpenCreate: Story = {
  args: { search: "?open-create=true" },
  play: async ({ args }) => {
    await expect(await body().findByRole("dialog", { name: "Create Payment Link" })).toBeVisible();
    await expect(args.onSearchHandled).toHaveBeenCalledOnce();
  },
};

/** ?open-share=true opens the first (enabled) link's instructions… */
export const OpenShare: Story = {
  args: { search: "?open-share=true" },
  play: async () => {
    const dialog = await body().findByRole("dialog", { name: "zLink Instructions" });
    await expect(within(dialog).getByRole("textbox", { name: "Hosted payment page" })).toHaveValue("http://localhost:4322/?p=7Hq2kZr9XbNm");
  },
};

/** …or the create dialog when there are no links. */
export const OpenShareWithoutLinks: Story = {
  args: { search: "?open-share=true" },
  parameters: { serverData: { links: [] } },
  play: async () => {
    await expect(await body().findByRole("dialog", { name: "Create Payment Link" })).toBeVisible();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/quick-pays")] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("Something went wrong");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("button", { name: "Créer un lien de paiement" })).toBeVisible();
    await expect(await c.findAllByRole("cell", { name: "12,50 USD" })).toHaveLength(2);
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  parameters: { serverData: { wallets: [] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("cell", { name: "7Hq2kZr9XbNm" })).toBeInTheDocument();
    await expect(await within(canvasElement).findByText(/Your links cannot be paid yet/)).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
