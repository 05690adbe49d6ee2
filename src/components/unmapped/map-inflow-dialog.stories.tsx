import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { sampleInflows, sampleOpenPayments } from "@/testing/msw/unmapped-fixtures";
import { MapInflowDialog } from "./map-inflow-dialog";

const meta = {
  title: "Unmapped/MapInflowDialog",
  component: MapInflowDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    inflow: sampleInflows[0]!,
    loadPayments: async () => sampleOpenPayments,
    onMap: fn(async () => {}),
    timeZone: "UTC",
  },
} satisfies Meta<typeof MapInflowDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The open payments to choose from; Map stays disabled until one is picked, then maps it. */
export const ChoosePayment: Story = {
  play: async ({ args }) => {
    const dialog = within(await within(document.body).findByRole("dialog"));
    const map = dialog.getByRole("button", { name: "Map" });
    await expect(map).toBeDisabled();
    await userEvent.click((await dialog.findAllByRole("radio"))[0]!);
    await userEvent.click(map);
    await expect(args.onMap).toHaveBeenCalledWith(sampleOpenPayments[0]!._id);
  },
};

/** No payment of that chain, token and wallet is waiting: the dialog says so. */
export const NoOpenPayment: Story = {
  args: { loadPayments: async () => [] },
  play: async () => {
    const dialog = within(await within(document.body).findByRole("dialog"));
    await expect(dialog.queryAllByRole("radio")).toHaveLength(0);
    await expect(dialog.getByRole("button", { name: "Map" })).toBeDisabled();
  },
};

/** The payments could not be read: an error line. */
export const LoadFailed: Story = {
  args: { loadPayments: async () => Promise.reject(new Error("offline")) },
  play: async () => {
    await expect(await within(document.body).findByRole("alert")).toBeVisible();
  },
};

export const FrenchPhone: Story = { globals: { locale: "fr", viewport: { value: "phone" } } };
