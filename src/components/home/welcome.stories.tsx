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

/** A signed-out visitor: the way in first, then the API reference. */
export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Welcome");
    await expect(canvas.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth");
    await expect(canvas.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/api/docs");
  },
};

/** Opened from a wallet app: Sign in keeps what /auth reads. */
export const FromAWalletApp: Story = {
  args: { signInHref: "/auth?openedInApp=1" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth?openedInApp=1");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Bienvenue");
    await expect(canvas.getByRole("link", { name: "Se connecter" })).toHaveAttribute("href", "/auth");
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
  },
};
