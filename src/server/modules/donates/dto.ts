import { z } from "@hono/zod-openapi";
import type { DonateDto as Donate, DonationDto as Donation } from "@/lib/donate";
import { formatBaseUnits } from "@/lib/money";
import type { TransactionRow } from "../../db/schema";
import { PaymentInfoDto, toPaymentInfoDto } from "../../payments/dto";
import type { DonateWithTotals } from "./service";

const Raised = z
  .object({
    token: z.string().openapi({ example: "USDC" }),
    decimals: z.number().int(),
    value: z.string().openapi({ description: "Base units, integer text", example: "15000000" }),
  })
  .openapi("DonationRaised");

/** A donation page, as the merchant API answers it. */
export const DonateDto = z
  .object({
    _id: z.string(),
    hashedId: z.string().openapi({ description: "Public id in the hosted link `?p=`", example: "7Hq2kZr9XbNm" }),
    user: z.string(),
    label: z.string(),
    desc: z.string(),
    site: z.string().nullable(),
    currency: z.string().openapi({ example: "USD" }),
    useFiat: z.boolean(),
    suggestedAmounts: z.array(z.string()).openapi({ description: "Decimal texts in `currency`", example: ["5", "10", "25"] }),
    userCurrency: z.string(),
    enabled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    updateUrl: z.string().nullable(),
    donationsCount: z.number().int().openapi({ description: "Validated donations" }),
    raised: z.array(Raised).openapi({ description: "Sum of the validated donations, per token" }),
  })
  .openapi("Donate");

export const DonationDto = z
  .object({
    _id: z.string(),
    date: z.string(),
    price: z.string().openapi({ description: "What the payer chose, decimal text in `currency`", example: "10" }),
    currency: z.string(),
    amount: z.object({ value: z.string(), decimals: z.number().int(), currency: z.string() }),
    donorName: z.string().nullable(),
    message: z.string().nullable(),
    status: z.enum(["initiated", "paid", "validated", "failed", "refunded"]),
    paymentInfo: PaymentInfoDto,
  })
  .openapi("Donation");

/** Maps a row field by field (Hono does not strip undeclared fields). */
export function toDonateDto({ row, donationsCount, raised }: DonateWithTotals): Donate {
  return {
    _id: row.id,
    hashedId: row.hashedId,
    user: row.userId,
    label: row.label,
    desc: row.description,
    site: row.site,
    currency: row.currency,
    useFiat: row.useFiat,
    suggestedAmounts: [...row.suggestedAmounts],
    userCurrency: row.userCurrency,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updateUrl: row.enabled ? `/donates/update/${row.id}` : null,
    donationsCount,
    raised: raised.map((r) => ({ token: r.token, decimals: r.decimals, value: r.value })),
  };
}

/** One donation: what the payer chose, what arrived, and the donor's note. */
export function toDonationDto(row: TransactionRow, scanLink: (chainId: number, hash: string) => string | undefined): Donation {
  const info = toPaymentInfoDto(row);
  if (info.hash) info.scanLink = scanLink(info.chain, info.hash) ?? null;
  const received = row.receivedAmount ?? row.requestedAmount;
  return {
    _id: row.id,
    date: (row.validatedAt ?? row.paidAt ?? row.lockedAt).toISOString(),
    price: row.productInfo?.price ?? formatBaseUnits(received, row.decimals),
    currency: row.productInfo?.currency ?? row.token,
    amount: { value: received.toString(), decimals: row.decimals, currency: row.token },
    donorName: row.orderDetails?.donor?.name || null,
    message: row.orderDetails?.donor?.message || null,
    status: info.status,
    paymentInfo: info,
  };
}
