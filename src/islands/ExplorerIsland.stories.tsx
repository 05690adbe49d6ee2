import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import type { LoadRecordedTransaction } from "@/components/explorer/explorer-page";
import { SOLANA_PAYMENT } from "@/components/explorer/story-fixtures";
import ExplorerIsland from "./ExplorerIsland";

/** The island as `/tx/{chain}/{hash}` mounts it: translations loaded, the path read, the record fetched. */
const meta = {
  title: "Islands/ExplorerIsland",
  component: ExplorerIsland,
  parameters: { layout: "fullscreen" },
  args: { pathname: `/tx/-5001/${SOLANA_PAYMENT.hash}`, load: fn<LoadRecordedTransaction>(async () => SOLANA_PAYMENT) },
} satisfies Meta<typeof ExplorerIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

export const RecordedPayment: Story = {
  play: async ({ canvasElement, args }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "Sandbox transaction" })).toBeVisible();
    await expect(args.load).toHaveBeenCalledWith(-5001, SOLANA_PAYMENT.hash);
  },
};

/** The server answered an error: it is shown, with a retry. */
export const ServerError: Story = {
  args: { load: fn<LoadRecordedTransaction>(async () => Promise.reject(new Error("This network has no record of that transaction"))) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/no record of that transaction/)).toBeVisible();
  },
};

export const French: Story = { globals: { locale: "fr" } };
