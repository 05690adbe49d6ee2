import type { RecordedTransaction } from "@/lib/recorded-transaction";

/** Recorded transactions for the explorer's stories: no network anywhere. */

/** A finalized USDC payment on the local Solana network, with its memo and logs. */
export const SOLANA_PAYMENT: RecordedTransaction = {
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

/** A transfer the chain refused. */
export const FAILED_TRANSFER: RecordedTransaction = {
  ...SOLANA_PAYMENT,
  success: false,
  error: '{"InstructionError":[0,{"Custom":1}]}',
  tokenMovements: [],
  logs: ["Program log: Error: insufficient funds", "Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA failed: custom program error: 0x1"],
};

/** An ERC-20 transfer on the local EVM network. */
export const EVM_TRANSFER: RecordedTransaction = {
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
};
