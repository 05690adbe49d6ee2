import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { NextStepsCard } from "./next-steps-card";

const meta = { title: "Dashboard/NextStepsCard", component: NextStepsCard } satisfies Meta<typeof NextStepsCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The links open zLink's create dialog and its newest link's share instructions (SPEC §2). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: "Create Payment Link" })).toHaveAttribute("href", "/quick-pays?open-create=true");
    await expect(c.getByRole("link", { name: "Share your link" })).toHaveAttribute("href", "/quick-pays?open-share=true");
    await expect(c.getByText("Get paid")).toBeVisible();
  },
};

export const French: Story = { globals: { locale: "fr" } };

export const Phone: Story = { globals: { viewport: { value: "phone" } } };
