import { eq } from "drizzle-orm";
import { formatBaseUnits } from "@/lib/money";
import type { Db } from "../../db/client";
import { notificationSettings, users, type TransactionRow } from "../../db/schema";
import type { PaymentEventType } from "../../payments/transition";
import { enqueueEmail } from "./enqueue";

/** The payment events a merchant is e-mailed about, and the word each mail uses. */
const NOTIFIED: Partial<Record<PaymentEventType, "paid" | "validated">> = { "payment.paid": "paid", "payment.validated": "validated" };

/**
 * Puts the merchant's payment notification e-mails in the mail outbox, inside the payment's own
 * database transaction (`PaymentDeps.inTransaction`): one mail per paid and per validated event,
 * only when notifications are on and the address is still the one a verification link proved.
 * In the merchant's language (en/fr); the mail job sends it, at least once.
 */
export async function enqueuePaymentNotifications(
  tx: Db,
  change: { transaction: TransactionRow; events: readonly PaymentEventType[] },
  options: { appOrigin: string },
): Promise<number> {
  const kinds = change.events.map((e) => NOTIFIED[e]).filter((k): k is "paid" | "validated" => k !== undefined);
  if (kinds.length === 0) return 0;
  const [merchant] = await tx
    .select({ email: users.email, language: users.language, enabled: notificationSettings.enabled, verifiedEmail: notificationSettings.verifiedEmail })
    .from(users)
    .innerJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, change.transaction.userId));
  if (!merchant?.enabled || !merchant.email || merchant.verifiedEmail !== merchant.email) return 0;
  const row = change.transaction;
  const amount = row.receivedAmount ?? row.requestedAmount;
  for (const event of kinds) {
    await enqueueEmail(tx, {
      userId: row.userId,
      to: merchant.email,
      template: "payment-notification",
      language: merchant.language,
      data: {
        event,
        amount: formatBaseUnits(amount, row.decimals),
        currency: row.token,
        productType: row.productType,
        orderId: row.merchantExtras?.orderId ?? null,
        publicId: row.publicId,
        detailsUrl: new URL("/transactions", options.appOrigin).href,
      },
    });
  }
  return kinds.length;
}
