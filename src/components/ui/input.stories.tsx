import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Input } from "./input";
import { Label } from "./label";

const meta = {
  title: "UI/Input",
  component: Input,
  args: { id: "title", placeholder: "Pay Now", onChange: fn() },
  render: (args) => (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor={args.id}>Title</Label>
      <Input {...args} />
    </div>
  ),
} satisfies Meta<typeof Input>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Typing reaches the field through its label. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByLabelText("Title");
    await userEvent.type(input, "Coffee beans");
    await expect(input).toHaveValue("Coffee beans");
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const Filled: Story = { args: { defaultValue: "Coffee beans" } };

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "Coffee beans" },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByLabelText("Title");
    await expect(input).toBeDisabled();
    await userEvent.type(input, "x", { pointerEventsCheck: 0 });
    await expect(input).toHaveValue("Coffee beans");
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** The red border comes from aria-invalid alone, which FormControl sets on a failed rule. */
export const Invalid: Story = {
  args: { id: "amount", type: "number", defaultValue: "0.05", "aria-invalid": true },
  render: (args) => (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor={args.id}>Amount</Label>
      <Input {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText("Amount");
    await expect(input).toBeInvalid();
    await expect(input).toHaveValue(0.05);
  },
};

/** Focus shows the ring, so keyboard users see where they are. */
export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByLabelText("Title")).toHaveFocus();
  },
};
