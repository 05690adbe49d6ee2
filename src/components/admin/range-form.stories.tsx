import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { checkMonthRange, checkStatsRange } from "@/lib/admin-stats";
import { enterDay, expectDayProblem } from "@/testing/day-field-steps";
import { RangeForm } from "./range-form";

const meta = {
  title: "Admin/RangeForm",
  component: RangeForm,
  args: { kind: "date", value: { start: "2026-10-07", end: "2026-11-05" }, check: checkStatsRange, onApply: fn() },
} satisfies Meta<typeof RangeForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The statistics' last 30 days, shown dd/MM/yyyy and handed back as the API's yyyy-MM-dd. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("textbox", { name: "From" })).toHaveValue("07/10/2026");
    await expect(c.getByRole("textbox", { name: "To" })).toHaveValue("05/11/2026");
    await userEvent.click(c.getByRole("button", { name: "Apply" }));
    await expect(args.onApply).toHaveBeenCalledWith({ start: "2026-10-07", end: "2026-11-05" });
  },
};

/** 31/02/2026 is named under its field and nothing is asked of the server. */
export const ImpossibleDayShown: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const from = c.getByRole("textbox", { name: "From" });
    await enterDay(from, "31/02/2026", c.getByRole("button", { name: "Apply" }));
    await expectDayProblem(c, from, "31/02/2026 is not a date in the calendar.");
    await expect(args.onApply).not.toHaveBeenCalled();
  },
};

/** Real days in the wrong order: the range rule's message, tied to both fields. */
export const InvalidRange: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const to = c.getByRole("textbox", { name: "To" });
    await enterDay(to, "01/10/2026", c.getByRole("button", { name: "Apply" }));
    await expectDayProblem(c, to, "The start must be on or before the end.");
    await expect(c.getByRole("textbox", { name: "From" })).toBeInvalid();
    await expect(args.onApply).not.toHaveBeenCalled();
  },
};

/** Billing counts whole months, typed mm/yyyy whatever the browser's language. */
export const Months: Story = {
  args: { kind: "month", value: { start: "2025-12", end: "2026-11" }, check: (r) => checkMonthRange({ from: r.start, to: r.end }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText("From month")).toHaveValue("12/2025");
  },
};

/** A month that does not exist is named under its field and Apply is refused; a real one is handed on as yyyy-MM. */
export const MonthsImpossibleRefused: Story = {
  args: { kind: "month", value: { start: "2025-12", end: "2026-11" }, check: (r) => checkMonthRange({ from: r.start, to: r.end }) },
  play: async ({ args, canvasElement }) => {
    const c = within(canvasElement);
    const from = c.getByLabelText("From month");
    await userEvent.clear(from);
    await userEvent.type(from, "13/2026");
    await userEvent.click(c.getByRole("button", { name: "Apply" }));
    await expect(await c.findByRole("alert")).toHaveTextContent("13/2026 is not a month in the calendar.");
    await expect(args.onApply).not.toHaveBeenCalled();
    await userEvent.clear(from);
    await userEvent.type(from, "6/2026");
    await userEvent.click(c.getByRole("button", { name: "Apply" }));
    await expect(args.onApply).toHaveBeenCalledWith({ start: "2026-06", end: "2026-11" });
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("textbox", { name: "Du" })).toHaveAccessibleDescription("jj/mm/aaaa");
  },
};

/** At 360 px the fields sit side by side and Apply goes under them; a bad day's message fits. */
export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  args: { value: { start: "2026-10-07", end: "2026-11-05" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const to = c.getByRole("textbox", { name: "Au" });
    await enterDay(to, "31/11/2026", c.getByRole("button", { name: "Appliquer" }));
    await expectDayProblem(c, to, "Le 31/11/2026 n’existe pas dans le calendrier.");
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
