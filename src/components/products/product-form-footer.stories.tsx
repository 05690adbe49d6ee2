import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { ProductFormFooter, type ProductFormFooterProps } from "./product-form-footer";

/** The footer in the zLink form's words, so the fr stories read as the app does. */
function ZLinkFormFooter(props: Omit<ProductFormFooterProps, "labels" | "confirm">) {
  const { t } = useTranslation("zlink");
  return (
    <form className="max-w-xl" onSubmit={(event) => event.preventDefault()}>
      <ProductFormFooter
        {...props}
        labels={{ create: t("form.create"), update: t("form.update"), saving: t("form.saving"), disable: t("form.disable") }}
        confirm={{ title: t("disable.title"), message: t("disable.message"), confirmLabel: t("disable.confirm") }}
      />
    </form>
  );
}

const meta = {
  title: "Products/ProductFormFooter",
  component: ZLinkFormFooter,
  args: { mode: "create", isValid: true, isSubmitting: false, disabling: false },
} satisfies Meta<typeof ZLinkFormFooter>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A new product, filled in: Create, and nothing to disable yet. */
export const ReadyToCreate: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("button", { name: "Create" })).toBeEnabled();
    await expect(c.queryByRole("button", { name: "Disable" })).toBeNull();
  },
};

/** The form is not valid yet: Create waits. */
export const NotValidYet: Story = {
  args: { isValid: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Create" })).toBeDisabled();
  },
};

/** Saving: the button says so, and neither it nor Disable can be pressed again. */
export const Saving: Story = {
  args: { mode: "update", onDisable: fn(), isSubmitting: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("button", { name: "Saving…" })).toBeDisabled();
    await expect(c.getByRole("button", { name: "Disable" })).toBeDisabled();
  },
};

/** An existing product: Update on the right, Disable on the left. */
export const ReadyToUpdate: Story = {
  args: { mode: "update", onDisable: fn() },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("button", { name: "Update" })).toBeEnabled();
    await expect(c.getByRole("button", { name: "Disable" })).toBeEnabled();
  },
};

/** Disable asks first (SPEC §2 warning); only confirming disables. */
export const DisableAfterTheWarning: Story = {
  args: { mode: "update", onDisable: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Disable" }));
    const warning = await within(document.body).findByRole("alertdialog", { name: "Please note" });
    await expect(warning).toHaveAccessibleDescription("Any shared/existing zLink buttons will stop working");
    await expect(args.onDisable).not.toHaveBeenCalled();
    await userEvent.click(within(warning).getByRole("button", { name: "Disable" }));
    await expect(args.onDisable).toHaveBeenCalledOnce();
  },
};

/** Disabling under way: both buttons wait. */
export const Disabling: Story = {
  args: { mode: "update", onDisable: fn(), disabling: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("button", { name: "Disable" })).toBeDisabled();
    await expect(c.getByRole("button", { name: "Update" })).toBeDisabled();
  },
};

export const French: Story = {
  args: { mode: "update", onDisable: fn() },
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Mettre à jour" })).toBeEnabled();
  },
};

/** On a 360 px phone the buttons stack, the main one first. */
export const FrenchSavingOnAPhone: Story = {
  args: { mode: "update", onDisable: fn(), isSubmitting: true },
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Enregistrement…" })).toBeDisabled();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
  },
};
