import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { sampleInflows } from "@/testing/msw/unmapped-fixtures";
import { UnmappedTable } from "./unmapped-table";

const meta = {
  title: "Unmapped/UnmappedTable",
  component: UnmappedTable,
  args: { rows: sampleInflows, onMap: fn(), timeZone: "UTC" },
} satisfies Meta<typeof UnmappedTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Inflows with Map only (no refund offered by the caller). */
export const MapOnly: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole("button", { name: /^Refund / })).toBeNull();
    await userEvent.click(c.getAllByRole("button", { name: /^Map / })[0]!);
    await expect(args.onMap).toHaveBeenCalledWith(sampleInflows[0]);
  },
};

/** Each inflow also offers Refund, named after its amount and sender. */
export const WithRefund: Story = {
  args: { onRefund: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getAllByRole("button", { name: /^Refund / })[1]!);
    await expect(args.onRefund).toHaveBeenCalledWith(sampleInflows[1]);
  },
};

export const Loading: Story = { args: { rows: [], loading: true } };

export const FrenchPhone: Story = { args: { onRefund: fn() }, globals: { locale: "fr", viewport: { value: "phone" } } };
