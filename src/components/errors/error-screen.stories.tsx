import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ErrorScreen } from "./error-screen";

const meta = {
  title: "Errors/ErrorScreen",
  component: ErrorScreen,
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof ErrorScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = {
  args: { status: 404 },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading")).toHaveTextContent("Resource Not Found");
    await expect(c.getByText("API request failed. Resource not found.")).toBeVisible();
  },
};
export const InternalError: Story = {
  args: { status: 500 },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading")).toHaveTextContent("Internal Server Error");
    await expect(c.getByText("API request failed. Internal server error.")).toBeVisible();
  },
};
export const ServerMessage: Story = {
  args: { status: 403, message: "This invoice belongs to another merchant" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading")).toHaveTextContent("Something went wrong");
    await expect(c.getByText("This invoice belongs to another merchant")).toBeVisible();
  },
};
export const French: Story = { args: { status: 404 }, globals: { locale: "fr" } };
