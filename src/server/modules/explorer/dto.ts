import { z } from "@hono/zod-openapi";

/** One token movement, read from balances (Solana) or Transfer logs (EVM). */
export const TokenMovementSchema = z.object({
  token: z.string().openapi({ description: "Mint or contract" }),
  symbol: z.string().optional(),
  owner: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  /** Signed change (Solana) or transferred amount (EVM) in base units. */
  amount: z.string(),
  decimals: z.number().int(),
});

export const RecordedTransactionSchema = z
  .object({
    chainId: z.number().int(),
    chain: z.string(),
    hash: z.string(),
    /** processed / confirmed / finalized on Solana; mined on EVM. */
    commitment: z.string(),
    success: z.boolean(),
    error: z.string().optional(),
    slotOrBlock: z.number().int(),
    time: z.string().optional().openapi({ description: "ISO time the network recorded" }),
    feePayer: z.string().optional(),
    fee: z.string().openapi({ description: "Base units of the native coin" }),
    instructions: z.array(z.object({ program: z.string(), type: z.string().optional(), detail: z.string().optional() })),
    tokenMovements: z.array(TokenMovementSchema),
    logs: z.array(z.string()),
  })
  .openapi("RecordedTransaction");

export type RecordedTransactionDto = z.infer<typeof RecordedTransactionSchema>;
export type TokenMovement = z.infer<typeof TokenMovementSchema>;
