import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { stubClipboard } from "@/testing/clipboard";
import { sampleCollects } from "@/testing/msw/collect-fixtures";
import { STORY_USER_ID, storyWallet } from "@/testing/msw/fixtures";
import { failing, stalled } from "@/testing/msw/overrides";
import { storyServer } from "@/testing/msw/store";
import { CollectsPage } from "./collects-page";

let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: "zRequest/CollectsPage",
  component: CollectsPage,
  parameters: { layout: "padded", merchantSession: true, toastBar: true, serverData: { collects: sampleCollects, wallets: [storyWallet] } },
  args: { api: merchantApi, userId: STORY_USER_ID, billingCurrency: "USD", timeZone: "UTC" },
  beforeEach: () => {
    clipboard = stubClipboard("resolves");
    return clipboard.restore;
  },
} satisfies Meta<typeof CollectsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const openMenu = async (canvas: HTMLElement, item: string, orderId = "Rq7Hq2kZr9Xb") => {
  await userEvent.click(await within(canvas).findByRole("button", { name: `Actions for ${orderId}` }));
  await userEvent.click(await body().findByRole("menuitem", { name: item }));
};

export const Loading: Story = {
  parameters: { msw: { handlers: [stalled()] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("table")).toHaveAttribute("aria-busy", "true");
  },
};

export const Empty: Story = {
  parameters: { serverData: { collects: [], wallets: [storyWallet] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("zRequest");
    await expect(await c.findByRole("cell", { name: "Collect payments seamlessly — create your zRequest now!" })).toBeVisible();
  },
};

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("cell", { name: "Rq7Hq2kZr9Xb" })).toBeVisible();
    await expect(c.getAllByRole("row")).toHaveLength(1 + sampleCollects.length);
  },
};

/** List failures other than 401/403: 'Something went wrong' and Try again. */
export const Error: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/collects")] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("Something went wrong");
  },
};

/** Create Pay Request → fill → Create: 'Saved successfully' and the new row on top. */
export const CreateRequest: Story = {
  parameters: { serverData: { collects: [], wallets: [storyWallet] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByRole("cell", { name: "Collect payments seamlessly — create your zRequest now!" });
    await userEvent.click(c.getByRole("button", { name: "Create Pay Request" }));
    const dialog = within(await body().findByRole("dialog", { name: "Create Pay Request" }));
    await userEvent.type(dialog.getByRole("textbox", { name: "Name" }), "Ada Lovelace");
    await userEvent.type(dialog.getByRole("textbox", { name: "Email address" }), "ada@example.com");
    await userEvent.type(dialog.getByRole("textbox", { name: "Your Message" }), "March consulting");
    await userEvent.type(dialog.getByRole("textbox", { name: "Amount" }), "25");
    await userEvent.click(dialog.getByRole("button", { name: "Create" }));
    await expect(await body().findByText("Saved successfully")).toBeVisible();
    await waitFor(() => expect(body().queryByRole("dialog")).toBeNull());
    await expect(await c.findByRole("cell", { name: "ada@example.com" })).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/collects/create")).toEqual([
      { name: "Ada Lovelace", email: "ada@example.com", desc: "March consulting", price: "25", currency: "USD", userCurrency: "USD" },
    ]);
  },
};

export const CopyLink: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Copy link of Rq7Hq2kZr9Xb" }));
    await expect(await body().findByText("Link copied to clipboard!")).toBeVisible();
    await expect(clipboard.writeText).toHaveBeenCalledWith("http://localhost:4322/?p=Rq7Hq2kZr9Xb");
  },
};

/** Copy Link when the server has no link: 'No valid link found!'. */
export const CopyLinkMissing: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/collects/:user/:id", 409, "collect_disabled", "Disabled")] } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Copy link of Rq7Hq2kZr9Xb" }));
    await expect(await body().findByText("No valid link found!")).toBeVisible();
  },
};

/** View Instructions: the pay link; Send reminder there is refused within the minute after the request went out. */
export const Instructions: Story = {
  parameters: {
    serverData: { collects: [{ ...sampleCollects[0], lastEmailedAt: "2026-11-05T12:00:00.000Z" }], wallets: [storyWallet] },
  },
  play: async ({ canvasElement }) => {
    await openMenu(canvasElement, "View Instructions");
    const dialog = within(await body().findByRole("dialog", { name: "zRequest Instructions" }));
    await expect(dialog.getByRole("textbox", { name: "Pay link" })).toHaveValue("http://localhost:4322/?p=Rq7Hq2kZr9Xb");
    await userEvent.click(dialog.getByRole("button", { name: "Send reminder" }));
    await expect(await body().findByText("A reminder was sent less than a minute ago. Please wait a moment")).toBeVisible();
  },
};

/** Row menu → Send reminder: POST /trigger-email and the toast. */
export const SendReminder: Story = {
  play: async ({ canvasElement }) => {
    await openMenu(canvasElement, "Send reminder");
    await expect(await body().findByText("Reminder sent to ada@example.com")).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/trigger-email")).toEqual([{ _item_id: "c1" }]);
  },
};

/** Row menu → Edit → new amount → Update: 'Updated successfully' (POST, with the edit key). */
export const EditRequest: Story = {
  play: async ({ canvasElement }) => {
    await openMenu(canvasElement, "Edit");
    const dialog = within(await body().findByRole("dialog", { name: "Update Pay Request" }));
    const amount = dialog.getByRole("textbox", { name: "Amount" });
    await userEvent.clear(amount);
    await userEvent.type(amount, "14");
    await userEvent.click(dialog.getByRole("button", { name: "Update" }));
    // A new amount is e-mailed to the payer again: the dialog says so before it closes.
    await expect(await dialog.findByRole("status")).toHaveTextContent("was sent the request again with the new amount: 14 USD.");
    await expect(storyServer.bodiesSentTo("POST", "/api/collects/update/c1")).toEqual([expect.objectContaining({ price: "14", _key: "1" })]);
    await expect(await within(canvasElement).findByText("14.00 USD")).toBeVisible();
    await userEvent.click(dialog.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(body().queryByRole("dialog")).toBeNull());
  },
};

/** A new name only: nothing the payer was told changed, so no e-mail and the dialog closes at once. */
export const EditNameOnly: Story = {
  play: async ({ canvasElement }) => {
    await openMenu(canvasElement, "Edit");
    const dialog = within(await body().findByRole("dialog", { name: "Update Pay Request" }));
    await userEvent.type(dialog.getByRole("textbox", { name: "Name" }), " Jr");
    await userEvent.click(dialog.getByRole("button", { name: "Update" }));
    await expect(await body().findByText("Updated successfully")).toBeVisible();
    await waitFor(() => expect(body().queryByRole("dialog")).toBeNull());
  },
};

export const DisableRequest: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await openMenu(canvasElement, "Edit");
    await userEvent.click(within(await body().findByRole("dialog", { name: "Update Pay Request" })).getByRole("button", { name: "Disable" }));
    const warning = await body().findByRole("alertdialog", { name: "Please note" });
    await userEvent.click(within(warning).getByRole("button", { name: "Disable" }));
    await expect(await body().findByText("Disabled successfully")).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/collects/disable/c1")).toEqual([{ _item_id: "c1", _key: "1" }]);
    await waitFor(() => expect(c.queryByRole("button", { name: "Actions for Rq7Hq2kZr9Xb" })).toBeNull());
  },
};

/** A paid request's Details opens the transaction details. */
export const DetailsDialog: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Details of Rq3fGtYw8LpQ" }));
    const dialog = await body().findByRole("dialog", { name: "Transaction Details" });
    await expect(dialog).toHaveAccessibleDescription("Payment for Rq3fGtYw8LpQ");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("button", { name: "Créer une demande de paiement" })).toBeVisible();
    await expect(await c.findAllByRole("cell", { name: "12,50 USD" })).toHaveLength(2);
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("cell", { name: "Rq7Hq2kZr9Xb" })).toBeInTheDocument();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
