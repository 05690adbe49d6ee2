import * as React from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { MonthField, type MonthFieldProps } from "./month-field";

/** Holds the typed text as a form would. */
function Controlled(props: Omit<MonthFieldProps, "onValueChange">) {
  const [value, setValue] = React.useState(props.value);
  return <MonthField {...props} value={value} onValueChange={setValue} />;
}

const meta = {
  title: "UI/MonthField",
  component: Controlled,
  args: { id: "month", label: "From month", value: "" },
  decorators: [(Story) => <div className="max-w-56">{Story()}</div>],
} satisfies Meta<typeof Controlled>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: the placeholder and the hint beside the label say how to write the month. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole("textbox", { name: "From month" });
    await expect(field).toHaveAttribute("placeholder", "mm/yyyy");
    await expect(field).toHaveAttribute("inputmode", "numeric");
    await expect(field).toHaveAccessibleDescription("mm/yyyy");
  },
};

/** Typed as the API writes it (2026-11): leaving the field writes it the page's way. */
export const IsoTidied: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole("textbox", { name: "From month" });
    await userEvent.type(field, "2026-11");
    await userEvent.tab();
    await expect(field).toHaveValue("11/2026");
    await expect(field).not.toBeInvalid();
    await expect(canvas.queryByRole("alert")).toBeNull();
  },
};

/** A thirteenth month is named under the field once it is left. */
export const ImpossibleMonthShown: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole("textbox", { name: "From month" });
    await userEvent.type(field, "13/2026");
    await expect(canvas.queryByRole("alert")).toBeNull();
    await userEvent.tab();
    await expect(await canvas.findByRole("alert")).toHaveTextContent("13/2026 is not a month in the calendar.");
    await expect(field).toBeInvalid();
  },
};

export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  args: { label: "Mois de début", value: "Nov 2026", showProblem: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("textbox", { name: "Mois de début" })).toHaveAttribute("placeholder", "mm/aaaa");
    await expect(canvas.getByRole("alert")).toHaveTextContent("Écrivez le mois au format mm/aaaa, par ex. 11/2026.");
  },
};
