import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { EVM_TRANSFER, FAILED_TRANSFER, SOLANA_PAYMENT } from "./story-fixtures";
import { ExplorerPage, type LoadRecordedTransaction } from "./explorer-page";

const meta = {
  title: "Explorer/ExplorerPage",
  component: ExplorerPage,
  parameters: { layout: "fullscreen" },
  args: { pathname: `/tx/-5001/${SOLANA_PAYMENT.hash}`, load: fn<LoadRecordedTransaction>(async () => SOLANA_PAYMENT) },
} satisfies Meta<typeof ExplorerPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A finalized USDC payment with its memo, the two balance changes and the program logs. */
export const FinalizedPayment: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(await page.findByText("Success")).toBeVisible();
    await expect(page.getByText("finalized")).toBeVisible();
    await expect(page.getByText("-12.5")).toBeVisible();
    await expect(page.getByText("zpay:order:Qx7PaLk2")).toBeVisible();
    await expect(args.load).toHaveBeenCalledWith(-5001, SOLANA_PAYMENT.hash);
  },
};

/** A transfer the chain refused: the error and its logs stay readable. */
export const FailedTransfer: Story = {
  args: {
    load: fn<LoadRecordedTransaction>(async () => FAILED_TRANSFER),
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText("Failed")).toBeVisible();
    await expect(page.getByText("No token moved in this transaction.")).toBeVisible();
  },
};

/** An EVM token transfer from the local EVM network: from → to instead of balance owners. */
export const EvmTransfer: Story = {
  args: {
    pathname: "/tx/31337/0xabc",
    load: fn<LoadRecordedTransaction>(async () => EVM_TRANSFER),
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("25")).toBeVisible();
  },
};

/** Not recorded (yet): a plain message and a retry that asks again. */
export const NotRecordedYet: Story = {
  args: { load: fn<LoadRecordedTransaction>(async () => undefined) },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole("status")).toHaveTextContent("no record of that transaction yet");
    await userEvent.click(page.getByRole("button", { name: "Try again" }));
    await expect(args.load).toHaveBeenCalledTimes(2);
  },
};

export const Loading: Story = {
  args: { load: fn<LoadRecordedTransaction>(() => new Promise<undefined>(() => {})) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText("Loading the transaction")).toHaveAttribute("aria-busy", "true");
  },
};

export const NotATransactionLink: Story = {
  args: { pathname: "/tx/solana" },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("This is not a transaction link.");
    await expect(args.load).not.toHaveBeenCalled();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Réussie")).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Success")).toBeVisible();
  },
};
