import type * as React from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Label } from "./label";
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectSeparator, SelectTrigger, SelectValue } from "./select";

/** The invoice currency picker: a labelled trigger, fiat and token groups, one disabled item. */
function CurrencySelect({ invalid, ...props }: React.ComponentProps<typeof Select> & { invalid?: boolean }) {
  return (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor="currency">Currency</Label>
      <Select {...props}>
        <SelectTrigger id="currency" className="w-48" aria-invalid={invalid || undefined}>
          <SelectValue placeholder="Select a currency" />
        </SelectTrigger>
        <SelectContent>
          <SelectGroup>
            <SelectLabel>Fiat</SelectLabel>
            <SelectItem value="USD">USD</SelectItem>
            <SelectItem value="EUR">EUR</SelectItem>
            <SelectItem value="GBP" disabled>
              GBP
            </SelectItem>
          </SelectGroup>
          <SelectSeparator />
          <SelectGroup>
            <SelectLabel>Tokens</SelectLabel>
            <SelectItem value="USDC">USDC</SelectItem>
            <SelectItem value="USDT">USDT</SelectItem>
          </SelectGroup>
        </SelectContent>
      </Select>
    </div>
  );
}

const meta = {
  title: "UI/Select",
  component: Select,
  subcomponents: { SelectTrigger, SelectValue, SelectContent, SelectGroup, SelectLabel, SelectItem, SelectSeparator },
  args: { onValueChange: fn() },
  render: (args) => <CurrencySelect {...args} />,
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Closed with nothing chosen: the placeholder shows. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("combobox", { name: "Currency" })).toHaveTextContent("Select a currency");
  },
};

/** Opening the list and picking an item closes it and shows the choice. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole("combobox", { name: "Currency" });
    await userEvent.click(trigger);
    const listbox = await within(document.body).findByRole("listbox");
    await expect(within(listbox).getByRole("option", { name: "GBP" })).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(within(listbox).getByRole("option", { name: "USDC" }));
    await expect(args.onValueChange).toHaveBeenCalledWith("USDC");
    await waitFor(() => expect(within(document.body).queryByRole("listbox")).not.toBeInTheDocument());
    await expect(trigger).toHaveTextContent("USDC");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  },
};

/**
 * The keyboard path: Enter opens on the current (ticked) value, arrows skip the disabled item,
 * Escape closes without changing anything and gives focus back to the trigger.
 */
export const KeyboardNavigation: Story = {
  args: { defaultValue: "EUR" },
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole("combobox", { name: "Currency" });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    const listbox = await within(document.body).findByRole("listbox");
    await expect(within(listbox).getByRole("option", { name: "EUR" })).toHaveAttribute("aria-selected", "true");
    await waitFor(() => expect(within(listbox).getByRole("option", { name: "EUR" })).toHaveFocus());
    await userEvent.keyboard("{ArrowDown}");
    await expect(within(listbox).getByRole("option", { name: "USDC" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(within(document.body).queryByRole("listbox")).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
    await expect(trigger).toHaveTextContent("EUR");
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "USD" },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("combobox", { name: "Currency" });
    await expect(trigger).toBeDisabled();
    await userEvent.click(trigger, { pointerEventsCheck: 0 });
    await expect(within(document.body).queryByRole("listbox")).not.toBeInTheDocument();
  },
};

/** aria-invalid (from FormControl) gives the trigger the same red border as an Input. */
export const Invalid: Story = {
  render: (args) => <CurrencySelect {...args} invalid />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("combobox", { name: "Currency" })).toHaveAttribute("aria-invalid", "true");
  },
};
