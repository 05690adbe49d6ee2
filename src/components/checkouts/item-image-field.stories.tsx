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

/** Over the merchant's image quota (413 upload_quota_exceeded): the server's words, not "too large". */
export const QuotaReached: Story = {
  args: {
    onUpload: fn(async () =>
      Promise.reject(
        new ApiRequestError(
          413,
          "You have reached your image storage limit (200 images, 20 MB). Images no item or logo uses are deleted within a day; remove unused item images or try again later.",
          "upload_quota_exceeded",
        ),
      ),
    ),
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.upload(c.getByLabelText("Choose image", { selector: "input" }), file());
    await expect(await c.findByRole("alert")).toHaveTextContent("You have reached your image storage limit (200 images, 20 MB).");
  },
};

/** Too many uploads this hour (429 upload_rate_limited): the wait, as the client translated it. */
export const TooManyUploadsFrench: Story = {
  globals: { locale: "fr" },
  args: { onUpload: fn(async () => Promise.reject(new ApiRequestError(429, "Trop d’images envoyées. Réessayez dans 42\u00a0min.", "upload_rate_limited"))) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.upload(c.getByLabelText("Choisir une image", { selector: "input" }), file());
    await expect(await c.findByRole("alert")).toHaveTextContent(/^Trop d’images envoyées\. Réessayez dans 42\s?min\.$/);
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  args: { value: { _id: "u1", url: MUG_IMAGE } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Retirer l’image" })).toBeVisible();
  },
};
