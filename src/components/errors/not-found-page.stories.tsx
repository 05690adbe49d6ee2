import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { NotFoundPage } from "./not-found-page";

/** The 404 page as its HTML is served (English; the page's inline script swaps in French before paint). */
const meta = {
  title: "Errors/NotFoundPage",
  component: NotFoundPage,
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof NotFoundPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AsServed: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("Resource Not Found");
    await expect(c.getByText("API request failed. Resource not found.")).toBeVisible();
    await expect(c.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
    // Every language rides along for the swap before first paint.
    await expect(JSON.parse(c.getByRole("heading", { level: 1 }).querySelector("[data-static-text]")!.getAttribute("data-static-text")!)).toEqual({
      en: "Resource Not Found",
      fr: "Ressource introuvable",
    });
  },
};

export const OnAPhone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: "Go to the home page" })).toBeVisible();
  },
};
