import type { Db } from "../../db/client";
import type { PaymentInfoDto } from "@/lib/transaction-details";
import { loadPaymentInfo as loadFromTransactions } from "../../payments/service";

/**
 * Each zLink's payment info (SPEC §3/§4: taken from a paid transaction, replaced by a validated
 * one), keyed by the zLink's internal id; links without a payment are absent from the map.
 * The zLink list reads payment info through this one function.
 */
export async function loadPaymentInfo(db: Db, quickPayIds: readonly string[]): Promise<Map<string, PaymentInfoDto>> {
  return loadFromTransactions(db, quickPayIds);
}
