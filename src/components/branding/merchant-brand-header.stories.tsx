import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { MerchantBrandHeader } from "./merchant-brand-header";

const meta = {
  title: "Branding/MerchantBrandHeader",
  component: MerchantBrandHeader,
  args: { name: "Sunrise Coffee Roasters", logoUrl: null, color: "#f59e0b" },
} satisfies Meta<typeof MerchantBrandHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A light brand colour: the name is written in black, which reads better on it. */
export const LightColour: Story = {
  play: async ({ canvasElement }) => {
    const header = within(canvasElement).getByTestId("merchant-brand");
    await expect(header).toHaveTextContent("Sunrise Coffee Roasters");
    await expect(getComputedStyle(header).color).toBe("rgb(0, 0, 0)");
  },
};

/** A dark brand colour: the name turns white. */
export const DarkColour: Story = {
  args: { color: "#1e3a8a" },
  play: async ({ canvasElement }) => {
    await expect(getComputedStyle(within(canvasElement).getByTestId("merchant-brand")).color).toBe("rgb(255, 255, 255)");
  },
};

/** No colour chosen (or one that is not #rrggbb): a plain bordered bar. */
export const NoColour: Story = {
  args: { color: "red; background: url(x)" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId("merchant-brand").getAttribute("style")).toBeNull();
  },
};

/** A long name on a 360 px phone: cut with an ellipsis, never wider than the screen. */
export const LongNamePhone: Story = {
  args: { name: "The Very Long Name Of A Family Coffee Roastery In Lyon" },
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const header = within(canvasElement).getByTestId("merchant-brand");
    await expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth);
  },
};
