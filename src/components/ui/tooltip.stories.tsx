import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import { Tooltip, TooltipContent, TooltipTrigger } from "./tooltip";

const address = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

const meta = {
  title: "UI/Tooltip",
  component: Tooltip,
  args: { delayDuration: 0 },
  render: (args) => (
    <div className="pt-12">
      <Tooltip {...args}>
        <TooltipTrigger asChild>
          <Button variant="ghost" className="font-mono">
            7xKX…AsU
          </Button>
        </TooltipTrigger>
        <TooltipContent>{address}</TooltipContent>
      </Tooltip>
    </div>
  ),
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The shortened address alone. */
export const Hidden: Story = {
  play: async () => {
    await expect(within(document.body).queryByRole("tooltip")).not.toBeInTheDocument();
  },
};

/** Hovering shows the full address (SPEC §2 top bar) and it describes the trigger. */
export const OnHover: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "7xKX…AsU" });
    await userEvent.hover(trigger);
    await expect(await within(document.body).findByRole("tooltip")).toHaveTextContent(address);
    await expect(trigger).toHaveAccessibleDescription(address);
  },
};

/** Keyboard users get it on focus; Escape hides it. */
export const OnFocus: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "7xKX…AsU" });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await within(document.body).findByRole("tooltip");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(within(document.body).queryByRole("tooltip")).not.toBeInTheDocument());
  },
};
