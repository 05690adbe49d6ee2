import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { AlreadyPaid } from "./already-paid";

const meta = {
  title: "Pay/AlreadyPaid",
  component: AlreadyPaid,
} satisfies Meta<typeof AlreadyPaid>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A zRequest or invoice already paid: said plainly, as a status. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toBeVisible();
  },
};

export const French: Story = { globals: { locale: "fr" } };

export const Phone: Story = { globals: { viewport: { value: "phone" } } };
