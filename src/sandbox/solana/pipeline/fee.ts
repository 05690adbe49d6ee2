import { DEFAULT_UNITS_PER_INSTRUCTION, LAMPORTS_PER_SIGNATURE, MAX_COMPUTE_UNIT_LIMIT } from "../constants";
import { PROGRAM_IDS } from "../keys";
import type { DecodedMessage } from "../parse/decode-transaction";

/**
 * The fee of a message: 5000 lamports per signature plus the priority fee
 * (ceil(microLamports per unit × unit limit / 1e6)), read from its Compute Budget instructions.
 * With a price but no explicit limit, the limit is 200k per other instruction (capped at 1.4M).
 */
export function feeFor(message: DecodedMessage): bigint {
  const base = BigInt(LAMPORTS_PER_SIGNATURE * message.header.numRequiredSignatures);
  let limit: bigint | undefined;
  let price = 0n;
  let others = 0;
  for (const ix of message.instructions) {
    if (message.staticKeys[ix.programIdIndex] !== PROGRAM_IDS.computeBudget) {
      others += 1;
      continue;
    }
    const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (ix.data[0] === 2 && ix.data.length >= 5) limit = BigInt(view.getUint32(1, true));
    if (ix.data[0] === 3 && ix.data.length >= 9) price = view.getBigUint64(1, true);
  }
  if (price === 0n) return base;
  const units = limit ?? BigInt(Math.min(MAX_COMPUTE_UNIT_LIMIT, DEFAULT_UNITS_PER_INSTRUCTION * others));
  return base + (price * units + 999_999n) / 1_000_000n;
}
