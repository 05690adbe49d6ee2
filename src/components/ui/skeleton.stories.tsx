import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Skeleton } from "./skeleton";

const meta = {
  title: "UI/Skeleton",
  component: Skeleton,
  args: { className: "h-4 w-48" },
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="skeleton"]')).toHaveAttribute("aria-hidden", "true");
  },
};

/** A table row loading: avatar, two lines, an amount. */
export const Row: Story = {
  render: () => (
    <div className="flex max-w-md items-center gap-4" aria-busy="true">
      <Skeleton className="size-10 rounded-full" />
      <div className="grid flex-1 gap-2">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
      <Skeleton className="h-6 w-16" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryAllByRole("img")).toHaveLength(0);
    await expect(canvasElement.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(4);
  },
};
