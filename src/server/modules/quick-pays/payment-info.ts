import type { Db } from "../../db/client";
import type { PaymentInfoDto } from "@/lib/transaction-details";
import { loadPaymentInfo as loadFromTransactions } from "../../payments/service";

/**
 * Each zLink's payment info (SPEC §3/§4: taken from a paid transaction, replaced by a validated
 * one), keyed by the zLink's internal id; links without a payment are absent from the map.
 * The zLink list reads payment info through this one function; `scanLink` names the explorer page.
 */
export async function loadPaymentInfo(
  db: Db,
  quickPayIds: readonly string[],
  scanLink: (chainId: number, hash: string) => string | undefined = () => undefined,
): Promise<Map<string, PaymentInfoDto>> {
  const infos = await loadFromTransactions(db, "quick-pay", quickPayIds);
  for (const info of infos.values()) if (info.hash) info.scanLink = scanLink(info.chain, info.hash) ?? null;
  return infos;
}
