import { CONFIRMATION_DEPTH, FINALITY_DEPTH } from "../constants";

export type Commitment = "processed" | "confirmed" | "finalized";

/**
 * The newest slot visible at `commitment` when the tip is `tip`; negative while nothing has got
 * that far (the network warps past this at start, see SolanaNetwork).
 */
export function slotAt(commitment: Commitment, tip: number): number {
  if (commitment === "processed") return tip;
  return tip - (commitment === "confirmed" ? CONFIRMATION_DEPTH : FINALITY_DEPTH);
}

/** How far a transaction landed in `slot` has got. */
export function commitmentOf(slot: number, tip: number): Commitment {
  if (tip >= slot + FINALITY_DEPTH) return "finalized";
  if (tip >= slot + CONFIRMATION_DEPTH) return "confirmed";
  return "processed";
}

/** Whether a transaction landed in `slot` is visible at `commitment`. */
export const reached = (slot: number, commitment: Commitment, tip: number) => slot <= slotAt(commitment, tip);
