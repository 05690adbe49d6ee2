import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ApiRequestError } from "@/lib/api-client";
import { MUG_IMAGE } from "@/testing/msw/cart-fixtures";
import { CatalogItemDialog } from "./catalog-item-dialog";

const meta = {
  title: "zCart/CatalogItemDialog",
  component: CatalogItemDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    mode: "create",
    currencies: ["USD", "USDC"],
    onSubmit: fn(async () => {}),
    onUpload: fn(async () => ({ _id: "u9", url: MUG_IMAGE })),
  },
  parameters: { toastBar: true },
} satisfies Meta<typeof CatalogItemDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (name = "Add Item") => within(document.body).getByRole("dialog", { name });
const box = (name: string, d = dialog()) => within(d).getByRole("textbox", { name });
const fileInput = (d = dialog()) => within(d).getByLabelText("Choose image", { selector: "input" });
const png = (size = 100, type = "image/png") => new File([new Uint8Array(size)], "mug.png", { type });

/** An empty item: Add waits for a name and a price. */
export const Create: Story = {
  play: async () => {
    await expect(within(dialog()).getByRole("combobox", { name: "Currency" })).toHaveTextContent("USD");
    await expect(within(dialog()).getByRole("button", { name: "Choose image" })).toHaveAccessibleDescription("Optional: a JPEG or PNG, at most 256 KB.");
    await waitFor(() => expect(within(dialog()).getByRole("button", { name: "Add" })).toBeDisabled());
  },
};

/** The messages a merchant meets: name required, zLink's price texts, the 0.1 minimum. */
export const CreateInvalid: Story = {
  play: async () => {
    await userEvent.type(box("Name"), "x");
    await userEvent.clear(box("Name"));
    await expect(await within(dialog()).findByText("Please add item name")).toBeVisible();
    await userEvent.type(box("Price"), "abc");
    await expect(await within(dialog()).findByText("Invalid price")).toBeVisible();
    await userEvent.clear(box("Price"));
    await expect(await within(dialog()).findByText("Please add amount for quick payment")).toBeVisible();
    await userEvent.type(box("Price"), "0.05");
    await expect(await within(dialog()).findByText("Amount must be at least 0.1")).toBeVisible();
    await expect(within(dialog()).getByRole("button", { name: "Add" })).toBeDisabled();
  },
};

/** Choose a PNG: it uploads, the preview shows, and the saved item names the upload. */
export const CreateWithImage: Story = {
  play: async ({ args }) => {
    await userEvent.type(box("Name"), "Coffee mug");
    await userEvent.type(box("Price"), "12.5");
    await userEvent.upload(fileInput(), png());
    await expect(await within(dialog()).findByRole("img", { name: "Preview of the item image" })).toHaveAttribute("src", MUG_IMAGE);
    await expect(args.onUpload).toHaveBeenCalledOnce();
    await userEvent.click(within(dialog()).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ name: "Coffee mug", description: "", price: "12.5", currency: "USD", imageId: "u9" }));
  },
};

/** A GIF (or anything but JPEG/PNG) or a file over 256 KB is refused before any upload. */
export const ImageRefused: Story = {
  play: async ({ args }) => {
    await userEvent.upload(fileInput(), png(100, "image/gif"), { applyAccept: false });
    await expect(await within(dialog()).findByText("Upload a JPEG or PNG image.")).toBeVisible();
    await userEvent.upload(fileInput(), png(300 * 1024));
    await expect(await within(dialog()).findByText("The image is larger than 256 KB.")).toBeVisible();
    await expect(args.onUpload).not.toHaveBeenCalled();
  },
};

/** Editing an item with a picture: its preview and Remove image. */
export const Update: Story = {
  args: { mode: "update", initial: { name: "Coffee mug", description: "Stoneware, 350 ml", price: "12.5", currency: "USD", imageId: "u1", imageUrl: MUG_IMAGE } },
  play: async ({ args }) => {
    const d = dialog("Update Item");
    await expect(within(d).getByRole("img", { name: "Preview of the item image" })).toBeVisible();
    await userEvent.click(within(d).getByRole("button", { name: "Remove image" }));
    await expect(within(d).queryByRole("img", { name: "Preview of the item image" })).toBeNull();
    await userEvent.click(within(d).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ imageId: "" })));
  },
};

/** The server's field issue lands on its field. */
export const ServerRefuses: Story = {
  args: { onSubmit: fn(async () => Promise.reject(new ApiRequestError(400, "Invalid price", "invalid_request", [{ path: "price", message: "Invalid price" }]))) },
  play: async () => {
    await userEvent.type(box("Name"), "Mug");
    await userEvent.type(box("Price"), "3");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Add" }));
    await expect(await within(dialog()).findByText("Invalid price")).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async () => {
    const d = dialog("Ajouter un article");
    await userEvent.type(box("Nom", d), "x");
    await userEvent.clear(box("Nom", d));
    await expect(await within(d).findByText("Veuillez ajouter le nom de l’article")).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  args: { mode: "update", initial: { name: "Coffee mug", description: "", price: "12.5", currency: "USD", imageId: "u1", imageUrl: MUG_IMAGE } },
  play: async () => {
    await expect(dialog("Update Item")).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
