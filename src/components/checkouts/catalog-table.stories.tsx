import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { sampleCatalog } from "@/testing/msw/cart-fixtures";
import { CatalogTable } from "./catalog-table";

const meta = {
  title: "zCart/CatalogTable",
  component: CatalogTable,
  parameters: { layout: "padded" },
  args: { rows: sampleCatalog, onEdit: fn(), onDisable: fn() },
} satisfies Meta<typeof CatalogTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { rows: [], loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("table")).toHaveAttribute("aria-busy", "true");
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("cell", { name: "Your catalogue is empty — add the first item you sell!" })).toBeVisible();
  },
};

/** Image (or 'No image'), name, price; Edit and Disable on enabled items only. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const table = c.getByRole("table", { name: "Your catalogue" });
    await expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Image", "Name", "Price", "Actions"]);
    await expect(c.getByRole("img", { name: "Coffee mug" })).toBeVisible();
    await expect(c.getAllByRole("img", { name: "No image" })).toHaveLength(3);
    await expect(c.getByText("0.5 USDC")).toBeVisible();
    await expect(c.getByText("Disabled")).toBeVisible();
    await expect(c.queryByRole("button", { name: "Edit Old poster" })).toBeNull();
    await userEvent.click(c.getByRole("button", { name: "Edit Coffee mug" }));
    await expect(args.onEdit).toHaveBeenCalledWith(sampleCatalog[0]);
    await userEvent.click(c.getByRole("button", { name: "Disable Organic tee" }));
    await expect(args.onDisable).toHaveBeenCalledWith(sampleCatalog[1]);
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("table", { name: "Votre catalogue" })).toBeVisible();
    await expect(c.getByText("12,50 USD")).toBeVisible();
    await expect(c.getByRole("button", { name: "Modifier Coffee mug" })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("img", { name: "Coffee mug" })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
