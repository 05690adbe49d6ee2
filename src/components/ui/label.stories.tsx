import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Input } from "./input";
import { Label } from "./label";

const meta = {
  title: "UI/Label",
  component: Label,
  args: { htmlFor: "email", children: "Email address" },
  render: (args) => (
    <div className="grid max-w-sm gap-2">
      <Label {...args} />
      <Input id="email" type="email" />
    </div>
  ),
} satisfies Meta<typeof Label>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A click on the label focuses its field. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText("Email address"));
    await expect(canvas.getByRole("textbox", { name: "Email address" })).toHaveFocus();
  },
};

/** Beside a disabled field (as its `peer`) the label dims too. */
export const Disabled: Story = {
  render: (args) => (
    <div className="flex max-w-sm flex-col-reverse gap-2">
      <Input id="email" type="email" disabled className="peer" defaultValue="merchant@example.com" />
      <Label {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("textbox", { name: "Email address" })).toBeDisabled();
  },
};
