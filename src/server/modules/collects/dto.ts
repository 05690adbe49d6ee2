import { z } from "@hono/zod-openapi";
import { collectStatus, type CollectDto as Collect } from "@/lib/collect";
import { COLLECT_MAIL_NOT_SENT_REASONS } from "@/lib/collect-mail";
import type { PaymentInfoDto as PaymentInfo } from "@/lib/transaction-details";
import type { CollectRow } from "../../db/schema";
import { PaymentInfoDto } from "../../payments/dto";

/** SPEC §3 zRequest (collect), as the merchant API answers it. */
export const CollectDto = z
  .object({
    _id: z.string(),
    hashedId: z.string().openapi({ description: "Public id in the pay link `?p=`", example: "7Hq2kZr9XbNm" }),
    user: z.string(),
    name: z.string().openapi({ description: "The payer's name" }),
    email: z.string().openapi({ description: "The payer's e-mail address: the request and reminders are sent there" }),
    desc: z.string().openapi({ description: "The message to the payer" }),
    site: z.string().nullable(),
    price: z.string().openapi({ description: "Decimal text in `currency`", example: "12.5" }),
    amount: z.string().openapi({ description: "Same as price" }),
    currency: z.string().openapi({ example: "USD" }),
    useFiat: z.boolean(),
    userCurrency: z.string(),
    status: z.enum(["failed", "initiated", "partlyPaid", "completed", "verifying", "refunded", "pending", "disabled"]).openapi({ description: "Status chip (SPEC §4 reading 1)" }),
    enabled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    lastEmailedAt: z.string().nullable().openapi({ description: "When the payer was last e-mailed; null when no mail went out (e.g. the payer unsubscribed)" }),
    payerUnsubscribed: z.boolean().openapi({ description: "The payer used the unsubscribe link of your mails: no request or reminder is e-mailed to them; share the link yourself" }),
    updateUrl: z.string().nullable().openapi({ description: "Present only while the request is enabled and unpaid" }),
    paymentInfo: PaymentInfoDto.nullable(),
  })
  .openapi("Collect");

/** Maps a row field by field (Hono does not strip undeclared fields). */
export function toCollectDto(row: CollectRow, paymentInfo: PaymentInfo | undefined, payerUnsubscribed = false): Collect {
  const info = paymentInfo ?? null;
  return {
    _id: row.id,
    hashedId: row.hashedId,
    user: row.userId,
    name: row.name,
    email: row.email,
    desc: row.description,
    site: row.site,
    price: row.price,
    amount: row.price,
    currency: row.currency,
    useFiat: row.useFiat,
    userCurrency: row.userCurrency,
    status: collectStatus({ enabled: row.enabled, paymentInfo: info }),
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastEmailedAt: row.lastEmailedAt ? row.lastEmailedAt.toISOString() : null,
    payerUnsubscribed,
    updateUrl: row.enabled && !info ? `/collects/update/${row.id}` : null,
    paymentInfo: info,
  };
}

/** What became of the payer's e-mail on an edit or a reminder (`CollectMailOutcome`). */
export const CollectMailOutcomeDto = z
  .object({
    status: z.enum(["unchanged", "sent", "not_sent"]).openapi({
      description: "`unchanged`: nothing the payer was e-mailed changed (no mail); `sent`: queued for a mail server that is delivering; `not_sent`: see `reason`",
    }),
    to: z.string().optional().openapi({ description: "The payer's address" }),
    reason: z.enum(COLLECT_MAIL_NOT_SENT_REASONS).optional().openapi({
      description:
        "Why not: the payer unsubscribed, a mail cap (`retryAfterSeconds` says when a slot frees), or the mail server is not set up (`mail_server_off`) or failing (`mail_server_failing`): then the mail is `queued` and goes out later by itself",
    }),
    queued: z.boolean().optional(),
    retryAfterSeconds: z.number().int().optional(),
    message: z.string().openapi({ description: "The outcome in English words" }),
  })
  .openapi("CollectMailOutcome");
