import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { DateTime } from "./date-time";

const meta = {
  title: "UI/DateTime",
  component: DateTime,
  args: { iso: "2026-11-28T12:35:00.000Z", locale: "en", timeZone: "UTC" },
} satisfies Meta<typeof DateTime>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const time = canvasElement.querySelector("time")!;
    await expect(time).toHaveAttribute("datetime", "2026-11-28T12:35:00.000Z");
    await expect(time).toHaveTextContent("Nov 28, 2026, 12:35 PM");
  },
};

export const French: Story = {
  args: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("28 nov. 2026,")).toBeVisible();
  },
};

/** In a narrow box the time goes under the date, never a break inside either. */
export const Narrow: Story = {
  decorators: [(Story) => <div style={{ width: "7rem" }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const [date, time] = [...canvasElement.querySelectorAll("time > span")] as HTMLElement[];
    await expect(time.getBoundingClientRect().top).toBeGreaterThan(date.getBoundingClientRect().top);
    await expect(date.getClientRects().length).toBe(1);
  },
};
