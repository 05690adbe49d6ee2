/**
 * The dashboard's next steps (SPEC §2's 3-step guide, with attaching a receiving wallet first:
 * issue 28, a link shared with no wallet cannot be paid; then the business name, asked early: until
 * it is set payers see a shortened wallet address on the pay page, invoices and e-mails). Drawn by
 * NextStepsCard and, before any script, by dashboard.astro: one list for both.
 */
import { ATTACH_WALLET_HREF } from "./attach-wallet";

/** Where the business name is set: the Profile page, its Display name field. */
export const BUSINESS_NAME_HREF = "/profile";

export interface NextStep {
  /** Key under `dashboard.steps` (common namespace). */
  key: "wallet" | "name" | "create" | "share" | "paid";
  /** Where its button leads; none for the last step (it happens by itself). */
  href?: string;
}

export const NEXT_STEPS: readonly NextStep[] = [
  { key: "wallet", href: ATTACH_WALLET_HREF },
  { key: "name", href: BUSINESS_NAME_HREF },
  { key: "create", href: "/quick-pays?open-create=true" },
  { key: "share", href: "/quick-pays?open-share=true" },
  { key: "paid" },
];

/** What the dashboard knows of the merchant's progress; undefined while it is loading. */
export interface NextStepsProgress {
  hasWallet?: boolean;
  /** The profile has a display name (what payers see instead of the wallet address). */
  hasName?: boolean;
  paid?: boolean;
}

/** Whether a step is known to be done: a wallet is attached, a business name set, or a payment came in. */
export function stepDone(step: NextStep["key"], progress: NextStepsProgress): boolean {
  if (step === "wallet") return progress.hasWallet === true;
  if (step === "name") return progress.hasName === true;
  if (step === "paid") return progress.paid === true;
  return false;
}

/** The card goes away once every step with a known end is done: a wallet attached, a business name set and a payment received. */
export function nextStepsDone(progress: NextStepsProgress): boolean {
  return progress.hasWallet === true && progress.hasName === true && progress.paid === true;
}
