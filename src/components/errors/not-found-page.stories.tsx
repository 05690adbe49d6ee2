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
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("Page not found");
    // It speaks to someone who typed an address, not of an API request.
    await expect(c.getByText(/There is no page at this address/)).toBeVisible();
    await expect(c.queryByText(/API request failed/)).toBeNull();
    await expect(c.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
    // Every language rides along for the swap before first paint.
    await expect(JSON.parse(c.getByRole("heading", { level: 1 }).querySelector("[data-static-text]")!.getAttribute("data-static-text")!)).toEqual({
      en: "Page not found",
      fr: "Page introuvable",
    });
  },
};

export const OnAPhone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: "Go to the home page" })).toBeVisible();
  },
};
