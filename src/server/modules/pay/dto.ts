import { z } from "@hono/zod-openapi";
import { MAX_CART_QUANTITY, type PayableProduct, type PaymentProgress, type PaymentTransactionInfo, type StartPaymentRequest } from "@/lib/pay-api";
import { PRODUCT_TYPES } from "@/lib/product-types";

/** The payer API's shapes (`src/lib/pay-api.ts` is the contract the pay page reads). */
export const PayableProductSchema = z
  .object({
    id: z.string(),
    type: z.enum(PRODUCT_TYPES),
    label: z.string(),
    description: z.string().optional(),
    site: z.string().optional(),
    price: z.string().openapi({ example: "12.5" }),
    currency: z.string().openapi({ example: "USD" }),
    useFiat: z.boolean(),
    estimatedUsdc: z.string().openapi({ description: "USDC at the current rate; fixed when the payer starts", example: "12.5" }),
    merchant: z.object({ displayName: z.string(), logoUrl: z.string().optional(), brandColor: z.string().optional() }),
    options: z.array(
      z.object({
        chainId: z.number().int(),
        chainName: z.string(),
        tokens: z.array(z.object({ symbol: z.string(), address: z.string(), decimals: z.number().int() })),
      }),
    ),
    sandbox: z.boolean(),
    request: z.object({ name: z.string() }).optional().openapi({ description: "zRequest: whom the request is for" }),
    invoice: z
      .object({ number: z.string(), paymentDueOn: z.string(), url: z.string() })
      .optional()
      .openapi({ description: "Invoice: its number, due date (yyyy-MM-dd) and read-only page" }),
    cart: z
      .object({
        lines: z.array(
          z.object({
            itemId: z.string(),
            name: z.string(),
            description: z.string().optional(),
            imageUrl: z.string().optional(),
            unitPrice: z.string(),
            quantity: z.number().int(),
          }),
        ),
        quantitiesEditable: z.boolean(),
      })
      .optional()
      .openapi({ description: "zCart: lines with default quantities; the server prices the payer's quantities at start" }),
    donation: z
      .object({ suggestedAmounts: z.array(z.string()), minimum: z.string() })
      .optional()
      .openapi({ description: "Donation: suggested amounts; the payer may type any amount at least `minimum`" }),
    paid: z.boolean().optional().openapi({ description: "A single-payment product (zRequest, invoice) already paid" }),
  })
  .openapi("PayableProduct") satisfies z.ZodType<PayableProduct>;

export const StartPaymentBody = z
  .object({
    chainId: z.number().int().openapi({ example: -5001 }),
    token: z.string().trim().min(1).max(64).openapi({ example: "USDC", description: "The token symbol, or its mint (Solana) or contract (EVM) address" }),
    payer: z
      .string()
      .trim()
      .min(1, "Wallet Address required")
      .max(128)
      .optional()
      .openapi({ description: "The connected wallet. Left out for a Solana Pay QR payment: a phone wallet pays without connecting, and its address is screened when the transfer is credited." }),
    sessionId: z.string().trim().min(8).max(128),
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,6})?$/, "Invalid amount")
      .optional()
      .openapi({ description: "Donation: the amount chosen, decimal text in the product's currency", example: "5" }),
    donor: z
      .object({ name: z.string().trim().max(200).optional(), message: z.string().trim().max(1000).optional() })
      .optional()
      .openapi({ description: "Donation: an optional name and message for the merchant" }),
    quantities: z
      .record(z.string().max(64), z.number().int().min(0).max(MAX_CART_QUANTITY))
      .optional()
      .openapi({ description: "zCart with editable quantities: item id → quantity" }),
  })
  .openapi("StartPaymentRequest") satisfies z.ZodType<StartPaymentRequest>;

export const PaymentTransactionInfoSchema = z
  .object({
    payment: z.string(),
    chain: z.number().int(),
    recipient: z.string(),
    address: z.string().openapi({ description: "Where the tokens land: the recipient's associated token account (Solana), the recipient itself (EVM)" }),
    tokenAddress: z.string(),
    decimals: z.number().int(),
    amount: z.string(),
    amountWei: z.string().openapi({ description: "Base units to transfer" }),
    reference: z.string().openapi({ description: "Solana: a public key to add read-only to the transfer; EVM: 8 random bytes as 0x-hex, the proxy's paymentReference" }),
    memo: z.string(),
    expiresAt: z.string(),
    createRecipientAccount: z.boolean().optional(),
    fiat: z.object({ currency: z.string(), price: z.string(), rate: z.string() }).optional(),
    proxy: z
      .string()
      .optional()
      .openapi({
        description:
          "EVM: Request Network's ERC20FeeProxy. Approve it for amountWei, then call transferFromWithReferenceAndFee(tokenAddress, recipient, amountWei, reference, 0, 0x0000000000000000000000000000000000000000).",
      }),
  })
  .openapi("PaymentTransactionInfo") satisfies z.ZodType<PaymentTransactionInfo>;

export const PaymentProgressSchema = z
  .object({
    payment: z.string(),
    status: z.enum(["initiated", "paid", "validated", "failed"]),
    hash: z.string().optional(),
    payer: z.string().optional(),
    receivedAmount: z.string().optional(),
    amountMismatch: z.enum(["under", "over"]).optional(),
    requestedAmount: z.string().openapi({ description: "Base units asked for, integer text", example: "10000000" }),
    amountDue: z.string().openapi({ description: "Base units still to pay: requested less received, \"0\" once covered. A partly paid payment waits for the rest (same reference and memo) until expiresAt", example: "1000000" }),
    decimals: z.number().int(),
    expiresAt: z.string().openapi({ description: "When the time to pay runs out (ISO 8601); unpaid then, it fails expired or underpaid" }),
    failureReason: z.string().optional(),
    explorerUrl: z.string().optional(),
    callbackUrl: z.string().optional(),
  })
  .openapi("PaymentProgress") satisfies z.ZodType<PaymentProgress>;
