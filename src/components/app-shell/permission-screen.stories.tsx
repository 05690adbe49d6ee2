import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { PermissionScreen } from "./permission-screen";

const meta = {
  title: "AppShell/PermissionScreen",
  component: PermissionScreen,
} satisfies Meta<typeof PermissionScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A page the account has no permission for: the statement and the way back to the dashboard. */
export const NoAccess: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("You don't have access to this page");
    await expect(c.getByRole("link")).toHaveAttribute("href", "/dashboard");
  },
};

/** The same in French on a 360 px phone. */
export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link")).toHaveAttribute("href", "/dashboard");
  },
};
