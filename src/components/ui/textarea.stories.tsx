import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Label } from "./label";
import { Textarea } from "./textarea";

const meta = {
  title: "UI/Textarea",
  component: Textarea,
  args: { id: "message", placeholder: "A note for your customer", onChange: fn() },
  render: (args) => (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor={args.id}>Your Message</Label>
      <Textarea {...args} />
    </div>
  ),
} satisfies Meta<typeof Textarea>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Multi-line text, Enter included, lands in the field. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const textarea = within(canvasElement).getByLabelText("Your Message");
    await userEvent.type(textarea, "Thanks for your order.{Enter}See you soon!");
    await expect(textarea).toHaveValue("Thanks for your order.\nSee you soon!");
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "Invoice for October" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText("Your Message")).toBeDisabled();
  },
};

export const Invalid: Story = {
  args: { "aria-invalid": true, required: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText("Your Message")).toBeInvalid();
  },
};
