import type { WritableAtom } from "nanostores";
import { persistentAtom } from "@nanostores/persistent";
import "./storage-engine";

/** Which screen of the pay page the payer is on (SPEC §3 Locally persisted: payment stage). */
export type PaymentStage = "details-screen" | "payment-screen" | "result-screen";
export const PAYMENT_STAGES: readonly PaymentStage[] = ["details-screen", "payment-screen", "result-screen"];
export const DEFAULT_PAYMENT_STAGE: PaymentStage = "details-screen";
/** localStorage key of the stage, stored as the bare name (e.g. `payment-screen`). */
export const PAYMENT_STAGE_KEY = "zpay.payment.stage";

/**
 * A stage store persisted in localStorage; an unknown stored name reads as the details screen.
 * It does not follow other tabs: a payer paying two links in two tabs keeps each tab's screen.
 */
export function persistentPaymentStage(): WritableAtom<PaymentStage> {
  return persistentAtom<PaymentStage>(PAYMENT_STAGE_KEY, DEFAULT_PAYMENT_STAGE, {
    encode: (stage: PaymentStage) => stage,
    decode: (raw: string) => PAYMENT_STAGES.find((s) => s === raw) ?? DEFAULT_PAYMENT_STAGE,
    listen: false,
  });
}

/**
 * The pay page's screen. Kept apart from the rest of the payment stores so the pay page's first
 * script (islands/pay-boot.ts) can read it without loading them.
 */
export const $paymentStage = persistentPaymentStage();
