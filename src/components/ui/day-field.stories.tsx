import * as React from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { expectDayProblem, typeDay } from "@/testing/day-field-steps";
import { DayField, type DayFieldProps } from "./day-field";

/** Holds the typed text as a form would. */
function Controlled(props: Omit<DayFieldProps, "onValueChange">) {
  const [value, setValue] = React.useState(props.value);
  return <DayField {...props} value={value} onValueChange={setValue} />;
}

const meta = {
  title: "UI/DayField",
  component: Controlled,
  args: { id: "day", label: "From", value: "" },
  decorators: [(Story) => <div className="max-w-56">{Story()}</div>],
} satisfies Meta<typeof Controlled>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: the placeholder and the hint beside the label say how to write the day. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole("textbox", { name: "From" });
    await expect(field).toHaveAttribute("placeholder", "dd/mm/yyyy");
    await expect(field).toHaveAttribute("inputmode", "numeric");
    await expect(field).toHaveAccessibleDescription("dd/mm/yyyy");
  },
};

/** Typed without slashes: leaving the field writes them in. */
export const FilledIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole("textbox", { name: "From" });
    await userEvent.type(field, "0511");
    await userEvent.type(field, "2026");
    await userEvent.tab();
    await expect(field).toHaveValue("05/11/2026");
    await expectDayProblem(canvas, field, null);
  },
};

/** A day that is not in the calendar is named under the field once it is left. */
export const ImpossibleDayShown: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole("textbox", { name: "From" });
    await typeDay(field, "31/02/2026");
    await expect(canvas.queryByRole("alert")).toBeNull();
    await userEvent.tab();
    await expectDayProblem(canvas, field, "31/02/2026 is not a date in the calendar.");
    await expect(field).toHaveAccessibleDescription("dd/mm/yyyy 31/02/2026 is not a date in the calendar.");
  },
};

/** A date written the wrong way round (as a date input or an ISO text gives it). */
export const WrongFormatShown: Story = {
  args: { value: "2026-11-05", showProblem: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Write the date as dd/mm/yyyy, e.g. 05/11/2026.");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  args: { label: "Du", value: "31/02/2026", showProblem: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("textbox", { name: "Du" })).toHaveAccessibleDescription("jj/mm/aaaa Le 31/02/2026 n’existe pas dans le calendrier.");
  },
};

export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  args: { label: "Au", value: "05/11", showProblem: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Écrivez la date au format jj/mm/aaaa, par ex. 05/11/2026.");
  },
};
