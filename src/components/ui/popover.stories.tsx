import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

const meta = {
  title: "UI/Popover",
  component: Popover,
  render: (args) => (
    <Popover {...args}>
      <PopoverTrigger asChild>
        <Button variant="outline">120 points</Button>
      </PopoverTrigger>
      <PopoverContent align="start" aria-label="Points">
        <p className="text-sm font-medium">Points system coming soon</p>
        <p className="mt-1 text-sm text-muted-foreground">Earn 1 point per $1 received and 2x through zRamp.</p>
      </PopoverContent>
    </Popover>
  ),
} satisfies Meta<typeof Popover>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The points counter with its note hidden. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "120 points" })).toHaveAttribute("aria-expanded", "false");
    await expect(within(document.body).queryByRole("dialog")).not.toBeInTheDocument();
  },
};

/** Clicking the counter shows the 'coming soon' note (SPEC §2 top bar). */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "120 points" });
    await userEvent.click(trigger);
    const panel = await within(document.body).findByRole("dialog", { name: "Points" });
    await expect(panel).toHaveTextContent("Points system coming soon");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
  },
};

/** Escape closes it and focus returns to the counter. */
export const ClosedWithEscape: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "120 points" });
    await userEvent.click(trigger);
    await within(document.body).findByRole("dialog");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
  },
};
