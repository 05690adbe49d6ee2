import { base58 } from "../parse/base58";
import { createHash } from "node:crypto";
import { SLOTS_PER_EPOCH, SOLANA_CORE_VERSION } from "../constants";
import { GENESIS_HASH_SEED } from "../keys";
import { commitmentParam, configParam, contextSlot, u64Param } from "../rpc/params";
import type { Method } from "./context";

const GENESIS_HASH = base58(createHash("sha256").update(GENESIS_HASH_SEED).digest());

/** Block height equals slot here: the clock never skips a slot. */
const slotMethod: Method = ([config], { net }) => {
  const c = configParam(config);
  return contextSlot(net, commitmentParam(c), c);
};

/** Cluster-wide facts: slots, epochs, version, health. */
export const clusterMethods: Record<string, Method> = {
  getSlot: slotMethod,
  getBlockHeight: slotMethod,
  getEpochInfo: ([config], { net }) => {
    const c = configParam(config);
    const slot = contextSlot(net, commitmentParam(c), c);
    return {
      absoluteSlot: slot,
      blockHeight: slot,
      epoch: Math.floor(slot / SLOTS_PER_EPOCH),
      slotIndex: slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: net.recorder.countThrough(slot),
    };
  },
  getEpochSchedule: () => ({ firstNormalEpoch: 0, firstNormalSlot: 0, leaderScheduleSlotOffset: SLOTS_PER_EPOCH, slotsPerEpoch: SLOTS_PER_EPOCH, warmup: false }),
  getVersion: () => ({ "feature-set": 0, "solana-core": SOLANA_CORE_VERSION }),
  getHealth: () => "ok",
  getGenesisHash: () => GENESIS_HASH,
  getFirstAvailableBlock: () => 0,
  minimumLedgerSlot: () => 0,
  getMinimumBalanceForRentExemption: ([length], { net }) => Number(net.bank.rentExemptMinimum(Number(u64Param(length ?? 0, "data length")))),
  // No fee market here: nobody bids for block space.
  getRecentPrioritizationFees: () => [],
};
