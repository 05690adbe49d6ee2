import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import type { RecordedTransaction } from "@/lib/recorded-transaction";
import { ExplorerPage, type LoadRecordedTransaction } from "./explorer-page";

const payment: RecordedTransaction = {
  chainId: -5001,
  chain: "Solana Devnet",
  hash: "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW",
  commitment: "finalized",
  success: true,
  slotOrBlock: 1234,
  time: "2026-11-22T10:15:00.000Z",
  feePayer: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
  fee: "5000",
  instructions: [
    { program: "spl-token", type: "transferChecked", detail: '{"tokenAmount":{"amount":"12500000","decimals":6}}' },
    { program: "spl-memo", type: "memo", detail: "zpay:order:Qx7PaLk2" },
  ],
  tokenMovements: [
    { token: "USDCmint1111111111111111111111111111111111", symbol: "USDC", owner: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin", amount: "-12500000", decimals: 6 },
    { token: "USDCmint1111111111111111111111111111111111", symbol: "USDC", owner: "HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH", amount: "12500000", decimals: 6 },
  ],
  logs: ["Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke [1]", "Program log: Instruction: TransferChecked", "Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA success"],
};

const meta = {
  title: "Explorer/ExplorerPage",
  component: ExplorerPage,
  parameters: { layout: "fullscreen" },
  args: { pathname: `/tx/-5001/${payment.hash}`, load: fn<LoadRecordedTransaction>(async () => payment) },
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
    await expect(args.load).toHaveBeenCalledWith(-5001, payment.hash);
  },
};

/** A transfer the chain refused: the error and its logs stay readable. */
export const FailedTransfer: Story = {
  args: {
    load: fn<LoadRecordedTransaction>(async () => ({
      ...payment,
      success: false,
      error: '{"InstructionError":[0,{"Custom":1}]}',
      tokenMovements: [],
      logs: ["Program log: Error: insufficient funds", "Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA failed: custom program error: 0x1"],
    })),
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
    load: fn<LoadRecordedTransaction>(async () => ({
      chainId: 31337,
      chain: "Sandbox EVM",
      hash: `0x${"ab".repeat(32)}`,
      commitment: "mined",
      success: true,
      slotOrBlock: 42,
      time: "2026-11-22T10:15:00.000Z",
      feePayer: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      fee: "52000000000000",
      instructions: [{ program: "0x5FbDB2315678afecb367f032d93F642f64180aa3", type: "0xa9059cbb" }],
      tokenMovements: [
        { token: "0x5FbDB2315678afecb367f032d93F642f64180aa3", symbol: "USDC", from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", to: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", amount: "25000000", decimals: 6 },
      ],
      logs: [],
    })),
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
  globals: { viewport: { value: "mobile1" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Success")).toBeVisible();
  },
};
