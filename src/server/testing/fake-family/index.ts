import { createHash, randomBytes } from "node:crypto";
import { PayerAddressError, type FamilyChain } from "../../chains/family";
import type { FamilyPort } from "../../families";
import { withWebhookEnqueue } from "../../jobs/payment-sink";
import { applyFact, listPending } from "../../payments/service";
import { FakeLedger } from "./ledger";

export { FakeLedger, type FakeTransfer } from "./ledger";

/** The fake chain's "signature" of `message` by `address`: what its wallets would answer (no key, but bound to both). */
export const fakeSignature = (address: string, message: string) => `sig:${createHash("sha256").update(`${address}\n${message}`).digest("hex")}`;

/** A chain id no real family owns (SPEC §3 ids are far from it). */
export const FAKE_CHAIN_ID = 990_001;
export const FAKE_USDC = "fake-usdc";

/** The fake family's one chain: its id, its token, and the ledger that is the whole chain. */
export interface FakeChain extends FamilyChain {
  ledger: FakeLedger;
}

/** Addresses on the fake chain: `fake:` and lowercase hex, so a typo is caught like on a real chain. */
const isFakeAddress = (a: string) => /^fake:[0-9a-f]{8,}$/.test(a);

/**
 * A third chain family, written only against the family port (`FamilyPort`) and the generic
 * payments service, as a new family's folder would be: its chain is an in-memory ledger final on
 * arrival; a payment carries a fresh reference, no memo, and lands at the merchant's address;
 * the payer always connects a wallet; addresses compare exactly.
 */
export function fakeFamily(ledger = new FakeLedger(), chainId = FAKE_CHAIN_ID): FamilyPort<FakeChain> {
  const chain: FakeChain = { chainId, ledger };
  // The browser's shared rules know no such chain: to them it is a family of its own, `chain:{id}`.
  const name = `chain:${chainId}` as const;
  return {
    name,
    owns: (id) => id === chainId,
    // The family decides which of its chains a runtime offers; this one is always there.
    chains: () => [chain],
    paymentTarget: (c, token) => (token === "USDC" || token === FAKE_USDC ? { family: name, chainId: c.chainId, symbol: "USDC", tokenAddress: FAKE_USDC, decimals: 6, chain: c } : undefined),
    payer: (address) => {
      if (address === undefined) throw new PayerAddressError("required");
      if (!isFakeAddress(address)) throw new PayerAddressError("invalid");
      return address;
    },
    landingAccount: async (_target, merchantAddress) => ({ address: merchantAddress, mustCreate: false }),
    storedAddress: (address) => address,
    newReference: () => `ref-${randomBytes(8).toString("hex")}`,
    memo: () => null,
    startExtras: () => ({}),
    findRefund: async (c, refund) => {
      const sent = c.ledger
        .withReference(refund.reference)
        .find((t) => t.from === refund.sourceTokenAccount && t.to === refund.destinationTokenAccount && t.token === refund.tokenAddress && t.amount === refund.amount);
      return sent && { hash: sent.hash };
    },
    oneAddressManyChains: false,
    caseInsensitiveAddresses: false,
    routeContracts: false,
    refundsMayLandLate: false,
    verifySignature: async (address, message, signature) => isFakeAddress(address) && signature === fakeSignature(address, message),
    tokenBalance: async (c, holder, token) => (isFakeAddress(holder.owner) ? c.ledger.balanceOf(holder.owner, token) : undefined),
    acceptsConnector: () => false,
    /** The leader reads the ledger every few milliseconds and reports each transfer that names a pending payment. */
    follow: async ({ chain: c, payments, log }) => {
      const deps = withWebhookEnqueue(payments);
      let stopped = false;
      const pass = async () => {
        const pending = await listPending(payments.db, c.chainId);
        for (const payment of pending) {
          for (const [index, t] of c.ledger.withReference(payment.reference).entries()) {
            await applyFact(deps, payment.id, {
              kind: "transfer",
              chainId: c.chainId,
              reference: t.reference,
              signature: t.hash,
              instructionIndex: index,
              payer: t.from,
              recipientTokenAccount: t.to,
              mint: t.token,
              amount: t.amount,
              parties: [t.from],
              commitment: "finalized",
            });
          }
        }
      };
      const loop = (async () => {
        while (!stopped) {
          await pass().catch((err: unknown) => log.warn({ err }, "fake family pass failed"));
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      return async () => {
        stopped = true;
        await loop;
      };
    },
  };
}
