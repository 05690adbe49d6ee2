import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { stubClipboard } from "@/testing/clipboard";
import { MUG_IMAGE, sampleCatalog, sampleCheckouts } from "@/testing/msw/cart-fixtures";
import { STORY_USER_ID, storyWallet } from "@/testing/msw/fixtures";
import { failing, stalled } from "@/testing/msw/overrides";
import { storyServer } from "@/testing/msw/store";
import { CheckoutsPage } from "./checkouts-page";

let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: "zCart/CheckoutsPage",
  component: CheckoutsPage,
  parameters: {
    layout: "padded",
    merchantSession: true,
    toastBar: true,
    serverData: { catalog: sampleCatalog, checkouts: sampleCheckouts, wallets: [storyWallet] },
  },
  args: {
    api: merchantApi,
    userId: STORY_USER_ID,
    billingCurrency: "USD",
    timeZone: "UTC",
    onSaved: fn(),
    uploadImage: fn(async () => ({ _id: "u9", url: MUG_IMAGE })),
  },
  beforeEach: () => {
    clipboard = stubClipboard("resolves");
    return clipboard.restore;
  },
} satisfies Meta<typeof CheckoutsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const Loading: Story = {
  parameters: { msw: { handlers: [stalled()] } },
  play: async ({ canvasElement }) => {
    for (const table of within(canvasElement).getAllByRole("table")) await expect(table).toHaveAttribute("aria-busy", "true");
  },
};

/** A new merchant: both empty texts, Create Checkout waits for an item, and the wallet warning. */
export const Empty: Story = {
  parameters: { serverData: { catalog: [], checkouts: [], wallets: [] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("zCart");
    await expect(await c.findByRole("cell", { name: "Your catalogue is empty — add the first item you sell!" })).toBeVisible();
    await expect(c.getByRole("cell", { name: "Bundle your items into a checkout and start selling!" })).toBeVisible();
    await expect(c.getByRole("button", { name: "Create Checkout" })).toBeDisabled();
    await expect(c.getByRole("button", { name: "Create Checkout" })).toHaveAccessibleDescription("Add an item to your catalogue first.");
    await expect(await c.findByText("Your links cannot be paid yet: attach a receiving wallet so that your customers can pay them.")).toBeVisible();
  },
};

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("table", { name: "Your catalogue" })).toBeVisible();
    await expect(await c.findByRole("cell", { name: "Cart7Hq2kZr9" })).toBeVisible();
    await expect(c.getByRole("heading", { level: 2, name: "Catalogue" })).toBeVisible();
    await expect(c.getByRole("heading", { level: 2, name: "Checkouts" })).toBeVisible();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/products")] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("Something went wrong");
  },
};

/** Add Item → name, price, image → Add: the toast and the new row with its picture. */
export const AddItem: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByRole("cell", { name: "Cart7Hq2kZr9" });
    await userEvent.click(c.getByRole("button", { name: "Add Item" }));
    const dialog = within(await body().findByRole("dialog", { name: "Add Item" }));
    await userEvent.type(dialog.getByRole("textbox", { name: "Name" }), "Teapot");
    await userEvent.type(dialog.getByRole("textbox", { name: "Price" }), "30");
    await userEvent.upload(dialog.getByLabelText("Choose image", { selector: "input" }), new File([new Uint8Array(10)], "pot.png", { type: "image/png" }));
    await dialog.findByRole("img", { name: "Preview of the item image" });
    await userEvent.click(dialog.getByRole("button", { name: "Add" }));
    await expect(await body().findByText("Item added successfully")).toBeVisible();
    await expect(await c.findByRole("img", { name: "Teapot" })).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/catalog/create")).toEqual([{ name: "Teapot", description: "", price: "30", currency: "USD", imageId: "u9" }]);
  },
};

/** Create Checkout → pick → Create: the toast, the new row on top, onSaved. */
export const CreateCheckout: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await c.findByRole("cell", { name: "Cart7Hq2kZr9" });
    await userEvent.click(c.getByRole("button", { name: "Create Checkout" }));
    const dialog = within(await body().findByRole("dialog", { name: "Create Checkout" }));
    await userEvent.type(dialog.getByRole("textbox", { name: "Button label" }), "Tea time");
    await userEvent.click(dialog.getByRole("checkbox", { name: "Include Organic tee" }));
    await userEvent.click(dialog.getByRole("button", { name: "Create" }));
    await expect(await body().findByText("Checkout created successfully")).toBeVisible();
    await expect(await c.findByRole("cell", { name: "Tea time" })).toBeVisible();
    await expect(args.onSaved).toHaveBeenCalledOnce();
  },
};

/** Row menu → View Instructions: the shared hosted-link dialog, titled for zCart. */
export const Instructions: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Actions for Cart7Hq2kZr9" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "View Instructions" }));
    const dialog = await body().findByRole("dialog", { name: "zCart Instructions" });
    await expect(within(dialog).getByRole("textbox", { name: "Hosted payment page" })).toHaveValue("http://localhost:4322/?p=Cart7Hq2kZr9");
  },
};

export const CopyLink: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Copy link of Cart7Hq2kZr9" }));
    await expect(await body().findByText("Link copied to clipboard!")).toBeVisible();
    await expect(clipboard.writeText).toHaveBeenCalledWith("http://localhost:4322/?p=Cart7Hq2kZr9");
  },
};

/** Disable an item: the warning, then the row reads Disabled. */
export const DisableItem: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Disable Organic tee" }));
    const warning = await body().findByRole("alertdialog", { name: "Please note" });
    await expect(warning).toHaveTextContent("Checkouts holding this item will stop working");
    await userEvent.click(within(warning).getByRole("button", { name: "Disable" }));
    await expect(await body().findByText("Disabled successfully")).toBeVisible();
    await waitFor(() => expect(c.queryByRole("button", { name: "Disable Organic tee" })).toBeNull());
    await expect(storyServer.bodiesSentTo("POST", "/api/catalog/disable/i2")).toEqual([{ _item_id: "i2", _key: "1" }]);
  },
};

/** A paid checkout's Details opens the transaction details. */
export const Details: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Details of Cart3fGtYw8L" }));
    const dialog = await body().findByRole("dialog", { name: "Transaction Details" });
    await expect(dialog).toHaveAccessibleDescription("Payment for Cart3fGtYw8L");
    await expect(within(dialog).getByRole("table", { name: "Order" })).toHaveTextContent("Coffee mug");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("button", { name: "Créer un paiement" })).toBeVisible();
    await expect(await c.findByRole("button", { name: "Ajouter un article" })).toBeVisible();
    await expect(await c.findByRole("cell", { name: "Cart7Hq2kZr9" })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("cell", { name: "Cart7Hq2kZr9" })).toBeInTheDocument();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
