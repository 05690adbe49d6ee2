import { atom } from "nanostores";
import { createPaymentStores, DEFAULT_PAYMENT_STAGE, PAYMENT_STAGES, persistentPaymentSession, type PaymentSession, type PaymentStores } from "../payment";
import { installMemoryEngine } from "./memory-engine";
import { memoryStorage } from "./memory-storage";

/**
 * The app's payment stores persisted as in the browser, over in-memory local and session
 * storages (node tests: seed them, reload by calling again with the same storages).
 */
export function persistedPaymentStores(local = memoryStorage(), session = memoryStorage(), makeId: () => string = () => "session") {
  installMemoryEngine({ local, session });
  return createPaymentStores({ $session: persistentPaymentSession(makeId) });
}

/**
 * Payment stores held in memory only (stories): optionally resuming a stage and a session, as if
 * the browser had kept them from before a reload. Writes go nowhere else.
 */
export function memoryPaymentStores({ stage, session, sessionId = "story-session" }: { stage?: string; session?: PaymentSession; sessionId?: string } = {}): PaymentStores {
  return createPaymentStores({
    $stage: atom(PAYMENT_STAGES.find((s) => s === stage) ?? DEFAULT_PAYMENT_STAGE),
    $session: atom(session ?? { sessionId, productId: null, info: null, hash: null, payer: null }),
  });
}
