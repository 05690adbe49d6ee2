import * as React from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Slider } from "./slider";

/** The refund dialog's percentage slider (SPEC §2, §9): 1 to 100 %, starting at 100. */
function RefundPercentage(props: React.ComponentProps<typeof Slider>) {
  const [value, setValue] = React.useState(props.defaultValue ?? [100]);
  return (
    <div className="grid max-w-sm gap-3">
      <div className="flex items-center justify-between text-sm font-medium">
        <span>Refund percentage</span>
        <output aria-live="polite">{value[0]}%</output>
      </div>
      <Slider
        {...props}
        onValueChange={(next) => {
          setValue(next);
          props.onValueChange?.(next);
        }}
      />
    </div>
  );
}

const meta = {
  title: "UI/Slider",
  component: Slider,
  args: { min: 1, max: 100, step: 1, defaultValue: [100], thumbLabels: "Refund percentage", onValueChange: fn() },
  render: (args) => <RefundPercentage {...args} />,
} satisfies Meta<typeof Slider>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Starts at 100 %; arrow keys and Home move it, never below the minimum of 1. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const thumb = canvas.getByRole("slider", { name: "Refund percentage" });
    await expect(thumb).toHaveAttribute("aria-valuenow", "100");
    await expect(thumb).toHaveAttribute("aria-valuemin", "1");
    await expect(thumb).toHaveAttribute("aria-valuemax", "100");
    await userEvent.tab();
    await expect(thumb).toHaveFocus();
    await userEvent.keyboard("{ArrowLeft}{ArrowLeft}");
    await expect(thumb).toHaveAttribute("aria-valuenow", "98");
    await expect(canvas.getByText("98%")).toBeVisible();
    await expect(args.onValueChange).toHaveBeenLastCalledWith([98]);
    await userEvent.keyboard("{Home}");
    await expect(thumb).toHaveAttribute("aria-valuenow", "1");
    await expect(canvas.getByText("1%")).toBeVisible();
  },
};

/** A half refund. */
export const Half: Story = {
  args: { defaultValue: [50] },
  play: async ({ canvasElement }) => {
    const thumb = within(canvasElement).getByRole("slider", { name: "Refund percentage" });
    await expect(thumb).toHaveAttribute("aria-valuenow", "50");
    await expect(within(canvasElement).getByText("50%")).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const thumb = within(canvasElement).getByRole("slider", { name: "Refund percentage" });
    await expect(thumb).toHaveAttribute("data-disabled");
    thumb.focus();
    await userEvent.keyboard("{ArrowLeft}");
    await expect(thumb).toHaveAttribute("aria-valuenow", "100");
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

/** Two thumbs (an amount range filter), each with its own name. */
export const Range: Story = {
  args: { min: 0, max: 1000, step: 10, defaultValue: [100, 600], thumbLabels: ["Minimum amount", "Maximum amount"] },
  render: (args) => (
    <div className="grid max-w-sm gap-3">
      <span className="text-sm font-medium">Amount</span>
      <Slider {...args} />
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const max = canvas.getByRole("slider", { name: "Maximum amount" });
    await expect(canvas.getByRole("slider", { name: "Minimum amount" })).toHaveAttribute("aria-valuenow", "100");
    max.focus();
    await userEvent.keyboard("{ArrowRight}");
    await expect(max).toHaveAttribute("aria-valuenow", "610");
    await expect(args.onValueChange).toHaveBeenLastCalledWith([100, 610]);
  },
};
