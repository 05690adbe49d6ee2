import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Welcome } from "./welcome";

const meta = {
  title: "Home/Welcome",
  component: Welcome,
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof Welcome>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Welcome");
    await expect(canvas.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/api/docs");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1 })).toHaveTextContent("Bienvenue");
  },
};
