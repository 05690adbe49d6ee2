import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ApiRequestError } from "@/lib/api-client";
import { MUG_IMAGE } from "@/testing/msw/cart-fixtures";
import { ItemImageField } from "./item-image-field";

const meta = {
  title: "zCart/ItemImageField",
  component: ItemImageField,
  parameters: { layout: "padded" },
  args: { value: null, onChange: fn(), onUpload: fn(async () => ({ _id: "u9", url: MUG_IMAGE })) },
} satisfies Meta<typeof ItemImageField>;
export default meta;
type Story = StoryObj<typeof meta>;

const file = (type = "image/png") => new File([new Uint8Array(10)], "x.png", { type });

/** No image yet: the placeholder and Choose image; a PNG goes up and is handed back. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole("button", { name: "Remove image" })).toBeNull();
    await userEvent.upload(c.getByLabelText("Choose image", { selector: "input" }), file());
    await expect(args.onChange).toHaveBeenCalledWith({ _id: "u9", url: MUG_IMAGE });
  },
};

export const WithImage: Story = {
  args: { value: { _id: "u1", url: MUG_IMAGE } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("img", { name: "Preview of the item image" })).toBeVisible();
    await userEvent.click(c.getByRole("button", { name: "Remove image" }));
    await expect(args.onChange).toHaveBeenCalledWith(null);
  },
};

/** The server refuses the bytes (a renamed file): its reason under the field. */
export const UploadRefused: Story = {
  args: { onUpload: fn(async () => Promise.reject(new ApiRequestError(415, "Upload a JPEG or PNG image.", "unsupported_media_type"))) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.upload(c.getByLabelText("Choose image", { selector: "input" }), file());
    await expect(await c.findByRole("alert")).toHaveTextContent("Upload a JPEG or PNG image.");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  args: { value: { _id: "u1", url: MUG_IMAGE } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Retirer l’image" })).toBeVisible();
  },
};
