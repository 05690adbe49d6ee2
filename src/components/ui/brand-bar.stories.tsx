import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { BrandBar } from "./brand-bar";

const meta = {
  title: "UI/BrandBar",
  component: BrandBar,
} satisfies Meta<typeof BrandBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The product name on the left, the language choice on the right. */
export const NameAndLanguage: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("zPay")).toBeVisible();
    await expect(c.getByRole("combobox", { name: "Language" })).toHaveValue("en");
  },
};

/** In French the language label reads 'Langue'. */
export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("combobox", { name: "Langue" })).toHaveValue("fr");
  },
};

/** On a 320 px phone both ends stay on one line. */
export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const bar = canvasElement.querySelector<HTMLElement>('[data-slot="brand-bar"]');
    await expect(bar?.scrollWidth).toBeLessThanOrEqual(bar?.clientWidth ?? 0);
    await expect(within(canvasElement).getByText("zPay").getBoundingClientRect().top).toBeLessThan(
      within(canvasElement).getByRole("combobox").getBoundingClientRect().bottom,
    );
  },
};
