import type { Hash } from "viem";
import type { PaymentTransactionInfo } from "../src/lib/pay-api";
import { callJson } from "../src/server/testing/pay-fixture";
import { evmMerchantWithLink, fundedEvmPayer, payEvm, startEvmPayFixture, type EvmPayFixture } from "../src/server/testing/evm-pay-fixture";
import type { DetectionResult } from "./detection";
import { measureDetection } from "./detection-run";

/**
 * How fast the server notices payments on the local EVM chain A: PAYMENTS payments of a zLink,
 * IN_FLIGHT at a time, each approved and paid through Request Network's ERC20FeeProxy as the pay
 * page's contract says, noticed by the EVM watcher (log subscription + polling at the server's
 * default period) and the webhook worker, on embedded PGlite, with anvil mining a block every
 * BLOCK_TIME_SEC (its finalized tag is two blocks behind the head). For each payment:
 * - confirmed → paid: `paidAt` minus when the client saw the receipt (its first confirmation);
 * - finalized → validated: `validatedAt` minus when the client saw the chain's finalized block reach it;
 * - finalized → webhook: when the merchant's endpoint received `payment.validated`, minus the same;
 * - validated → webhook: the same moment minus `validatedAt`.
 * The client polls every CLIENT_POLL_MS, so its moments are that late at most.
 */
const PAYMENTS = Number(process.env.BENCH_EVM_PAYMENTS ?? 20);
const IN_FLIGHT = Number(process.env.BENCH_EVM_IN_FLIGHT ?? 4);
const BLOCK_TIME_SEC = Number(process.env.BENCH_EVM_BLOCK_TIME_SEC ?? 1);
/** The server's default fallback poll; the log subscription normally wakes the watcher first. */
const POLL_MS = Number(process.env.BENCH_EVM_POLL_MS ?? 2000);
const CLIENT_POLL_MS = 20;
const CHAIN = 31337;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** When the client first sees `hash` mined, and when the chain's finalized block reaches it. */
async function clientMoments(f: EvmPayFixture, hash: Promise<Hash>): Promise<{ confirmed: number; finalized: number; hash: Hash }> {
  const { client } = f.chains[CHAIN]!;
  const tx = await hash;
  let receipt;
  for (;;) {
    receipt = await client.getTransactionReceipt({ hash: tx }).catch(() => undefined);
    if (receipt) break;
    await sleep(CLIENT_POLL_MS);
  }
  const confirmed = Date.now();
  for (;;) {
    const final = await client.getBlock({ blockTag: "finalized" });
    if (final.number !== null && final.number >= receipt.blockNumber) break;
    await sleep(CLIENT_POLL_MS);
  }
  return { confirmed, finalized: Date.now(), hash: tx };
}

export type EvmDetectionResult = Omit<DetectionResult, "slotMs"> & { blockTimeSec: number };

export async function benchEvmDetection(): Promise<EvmDetectionResult> {
  const timings = await measureDetection({
    payments: PAYMENTS,
    inFlight: IN_FLIGHT,
    startFixture: (database) => startEvmPayFixture(database, {}, { blockTimeSec: BLOCK_TIME_SEC, pollMs: POLL_MS }),
    setUp: async (f, endpoint) => {
      const { link } = await evmMerchantWithLink(f, { label: "Bench", price: "1", currency: "USDC" }, { endpoint });
      return async (i) => {
        const payer = await fundedEvmPayer(f, CHAIN, "USDC", 10_000_000n);
        const started = await callJson(f.payments, "POST", `/api/pay/${link.hashedId}/start`, { chainId: CHAIN, token: "USDC", payer: payer.address, sessionId: `bench-evm-${i}` });
        if (started.status !== 200) throw new Error(`start failed: ${JSON.stringify(started.body)}`);
        const info: PaymentTransactionInfo = started.body.data;
        // payEvm resolves once the payment is mined; the client's own polling times the moments.
        const { confirmed, finalized } = await clientMoments(f, payEvm(f, payer, info));
        return { payment: info.payment, confirmed, finalized };
      };
    },
  });
  return { payments: PAYMENTS, inFlight: IN_FLIGHT, blockTimeSec: BLOCK_TIME_SEC, ...timings };
}
