import * as React from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { CalendarTextField, type CalendarTextFieldProps, type CalendarTextFormat } from "./calendar-text-field";
import { DAY } from "./day-field";
import { MONTH } from "./month-field";

/** Holds the typed text as a form would. DayField and MonthField are this field with one format each. */
function Controlled(props: Omit<CalendarTextFieldProps, "onValueChange"> & { format: CalendarTextFormat }) {
  const [value, setValue] = React.useState(props.value);
  return <CalendarTextField {...props} value={value} onValueChange={setValue} />;
}

const meta = {
  title: "UI/CalendarTextField",
  component: Controlled,
  args: { id: "when", label: "When", value: "", format: DAY },
  decorators: [(Story) => <div className="max-w-56">{Story()}</div>],
} satisfies Meta<typeof Controlled>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The format's hint and placeholder come from its translations; the length is capped to the format. */
export const DayFormat: Story = {
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole("textbox", { name: "When" });
    await expect(field).toHaveAttribute("placeholder", "dd/mm/yyyy");
    await expect(field).toHaveAttribute("maxlength", "10");
  },
};

/** Left with text the format tidies: the tidy text replaces it, no problem shown. */
export const MonthFormatTidied: Story = {
  args: { format: MONTH },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const field = c.getByRole("textbox", { name: "When" });
    await expect(field).toHaveAttribute("maxlength", "7");
    await userEvent.type(field, "112026");
    await userEvent.tab();
    await expect(field).toHaveValue("11/2026");
    await expect(c.queryByRole("alert")).toBeNull();
  },
};

/** A problem the form sees (the end before the start) shows like the field's own. */
export const FormErrorShown: Story = {
  args: { value: "01/11/2026", error: "The start must be on or before the end." },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("alert")).toHaveTextContent("The start must be on or before the end.");
    await expect(c.getByRole("textbox", { name: "When" })).toBeInvalid();
  },
};

/** Empty after a refused submit, in French on a phone. */
export const EmptyRefusedFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  args: { label: "Quand", format: MONTH, showProblem: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Saisissez un mois.");
  },
};
